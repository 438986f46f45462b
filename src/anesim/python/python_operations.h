// Python's sweep, replay, decode, calibrate, characterize and report
// (docs/python.md): each fills in the request its command builds, calls
// the same src/anesim/api/ function and returns what src/anesim/present/ gives its
// --json, curves as numpy arrays where numpy imports. None writes a file
// unless asked (characterize's write=True, report's out).
#pragma once

#include <pybind11/pybind11.h>

namespace anesim::python {

void bind_operations(pybind11::module_& m);

}  // namespace anesim::python
