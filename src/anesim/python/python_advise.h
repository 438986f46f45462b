// Python's advice calls (docs/python.md): advise, affected, advise_model
// and needs_simulation, with the three ways to ask (simulate="auto" or
// "never", exact=True) and a time budget (max_seconds=).
#pragma once

#include <pybind11/pybind11.h>

namespace anesim::python {

namespace py = pybind11;

// Defines advise, affected, advise_model and needs_simulation in `m`.
void bind_advise(py::module_& m);

}  // namespace anesim::python
