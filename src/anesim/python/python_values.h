// Conversions at the Python boundary: JSON reports into Python objects (the
// dicts the module returns), and Python arguments into the values of the
// library's typed requests (src/anesim/api/). Wrong Python types raise TypeError
// naming the argument; bad values raise FieldError naming it (UsageError
// in Python).
#pragma once

#include <pybind11/pybind11.h>
#include <yaml-cpp/yaml.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <anesim/io/json.h>

namespace anesim::python {

namespace py = pybind11;

// A JSON value as Python: objects as dicts (key order kept), arrays as
// lists, numbers as int or float.
py::object to_python(const Json& j);
// A Python value (dict, list, str, int, float, bool, None) as the YAML tree
// a file would give, built value by value, never through YAML text: a str
// stays one text value whatever it spells. TypeError naming the value's
// place (model.projections[0].cin) for any other type; InputError for a
// dict or list that contains itself or is nested deeper than a YAML file
// may be (kMaxYamlDepth).
YAML::Node to_yaml_node(const py::handle& value, const std::string& what);
// A str as UTF-8 bytes; a file name os.fsdecode() made from bytes that are
// not UTF-8 gets its bytes back. FieldError naming `what` otherwise.
std::string utf8_text(const py::handle& value, const std::string& what);

// The Python type's name of `value`, for messages ("got float").
std::string type_name(const py::handle& value);

// A str or an os.PathLike giving a str (os.fspath), as a path. Raises
// TypeError naming `argument` for anything else.
std::string path_argument(const py::handle& value, const char* argument);

// A list or tuple of paths (not one str). Raises TypeError naming `field`.
std::vector<std::string> paths_value(const py::handle& value, const char* field);

// An integer (int, or anything with __index__ such as numpy's, not a bool),
// or a str such as '0x4000', as a count (unset for
// None). A str that is not a count, or a negative int, is a FieldError
// naming `field`; other types raise TypeError.
std::optional<uint64_t> count_value(const py::handle& value, const char* field);
// A str or None ("" for None). Raises TypeError naming `argument`.
std::string text_argument(const py::handle& value, const char* argument);
// A list or tuple of integers ({} for None; an empty list is a FieldError).
std::vector<uint64_t> count_list_value(const py::handle& value, const char* field);

}  // namespace anesim::python
