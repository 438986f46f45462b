// Python's advice calls (docs/python.md): advise, affected, advise_model
// and needs_simulation, with the three ways to ask (simulate="auto" or
// "never", exact=True) and a time budget (max_seconds=).
#pragma once

#include <pybind11/pybind11.h>

#include <anesim/model/model_description.h>

namespace anesim::python {

namespace py = pybind11;

// A model argument: a preset name, a path (str or os.PathLike) or a dict in
// the model format, read by the model format's own reader.
ModelDescription model_argument(const py::object& model);

// Defines advise, affected, advise_model and needs_simulation in `m`.
void bind_advise(py::module_& m);

}  // namespace anesim::python
