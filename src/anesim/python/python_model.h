// Python's model arguments and load_model (docs/python.md): a preset name,
// a path, a dict in the model format, or what load_model returned (its
// editable `description`).
#pragma once

#include <pybind11/pybind11.h>

#include <anesim/api/models.h>

namespace anesim::python {

namespace py = pybind11;

// A model argument: a preset name, a path (str or os.PathLike), a dict in
// the model format, or load_model's dict (read through its `description`;
// UsageError when its transfers were edited instead).
ModelDescription model_argument(const py::object& model);

// load_model(model): the transfers a model streams, and `description`, the
// model in the model format as a dict (None where the format cannot state
// it: a safetensors header's tensors, a compiled program).
py::object load_model(const py::object& model);

}  // namespace anesim::python
