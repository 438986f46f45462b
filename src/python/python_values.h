// Conversions at the Python boundary: JSON reports into Python objects (the
// dicts the module returns), and Python arguments into the option text the
// command line's parsers take, so that a bad value gets the CLI's message.
// Wrong Python types raise TypeError naming the argument.
#pragma once

#include <pybind11/pybind11.h>

#include <string>

#include <anesim/io/json.h>

namespace anesim::python {

namespace py = pybind11;

// A JSON value as Python: objects as dicts (key order kept), arrays as
// lists, numbers as int or float.
py::object to_python(const Json& j);
// A Python value (dict, list, str, int, float, bool, None) as JSON; raises
// TypeError naming `what` for anything else.
Json to_json(const py::handle& value, const std::string& what);

// An int (not a bool) or a str, as the option text ("" for None): what
// --lines and the counts take. Raises TypeError naming `argument`.
std::string count_text(const py::handle& value, const char* argument);
// A str or None ("" for None). Raises TypeError naming `argument`.
std::string text_argument(const py::handle& value, const char* argument);
// A list or tuple of ints as "A,B,..." ("" for None). Raises TypeError.
std::string count_list_text(const py::handle& value, const char* argument);

}  // namespace anesim::python
