// The module's catalogue: the ring variants and the Config class, bound
// apart from module.cpp's functions.
#pragma once

#include <pybind11/pybind11.h>

namespace anesim::python {

namespace py = pybind11;

// Every ring variant: name, summary, parameters (anesim.variants()).
py::list variants();
// Every chip of the registry, or the one a device ships with (anesim.chips();
// its keyword the row of src/anesim/api/chips_fields.def).
py::object chips(const py::args& args, const py::kwargs& kwargs);
// The Neural Engine generations with their chips (anesim.generations()).
py::object generations();
// The Config class: load, default, keys, with_overrides (docs/python.md).
void bind_config(py::module_& m);

}  // namespace anesim::python
