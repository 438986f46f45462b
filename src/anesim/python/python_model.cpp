#include <anesim/python/python_model.h>

// pybind11/stl.h: the bindings here convert STL containers (std::vector,
// std::map, std::optional) through its casters, names IWYU never sees.
#include <pybind11/stl.h>  // IWYU pragma: keep

#include <string>
#include <vector>

#include <fmt/format.h>

#include <anesim/api/model_source.h>
#include <anesim/api/models.h>
#include <anesim/io/errors.h>
#include <anesim/python/python_values.h>

namespace anesim::python {

namespace {

py::list transfer_list(const ModelDescription& m, std::vector<std::string>* left_out) {
  py::list transfers;
  for (const Transfer& t : model_transfers(m, left_out)) {
    py::dict d;
    // Each key as model_transfer_keys.def declares it, in its order.
#define ANESIM_RESULT_KEY(key, type, when, value, ...) \
  if (when) d[#key] = value;
#include <anesim/python/model_transfer_keys.def>
#undef ANESIM_RESULT_KEY
    transfers.append(d);
  }
  return transfers;
}

// load_model's dict given back: its description is the model; its
// transfers only follow from it, so an edit there (which would be lost) is
// refused.
ModelDescription loaded_model_argument(const py::dict& loaded) {
  const py::object description = loaded["description"];
  if (description.is_none()) {
    throw UsageError(
        "model: this model (a safetensors header's tensors, or a compiled program) has no "
        "editable description: pass its path, or a dict in the model format");
  }
  if (!py::isinstance<py::dict>(description)) {
    throw py::type_error("model: model['description'] must be a dict in the model format");
  }
  ModelDescription m =
      parse_model_description_tree(to_yaml_node(description, "model"), "<dict>.description");
  if (loaded.contains("transfers") && !transfer_list(m, nullptr).equal(loaded["transfers"])) {
    throw UsageError(
        "model: the dict's transfers are not what its description gives: edit "
        "model['description'] (the transfers are derived from it), or pass the description alone");
  }
  return m;
}

}  // namespace

ModelDescription model_argument(const py::object& model) {
  if (py::isinstance<py::dict>(model)) {
    const py::dict d = py::reinterpret_borrow<py::dict>(model);
    if (d.contains("description") && d.contains("transfers")) return loaded_model_argument(d);
    // Built value by value, never as text; the model format's own reader
    // checks every key.
    return parse_model_description_tree(to_yaml_node(model, "model"), "<dict>");
  }
  if (!py::isinstance<py::str>(model) && !py::hasattr(model, "__fspath__")) {
    throw py::type_error(fmt::format(
        "model: expected a preset name, a file path (str) or a dict in the model format, got {}",
        py::str(py::type::handle_of(model).attr("__name__")).cast<std::string>()));
  }
  const std::string text = path_argument(model, "model");
  const py::gil_scoped_release unlocked;
  return api::load_model(text);
}

py::object load_model(const py::object& model) {
  const ModelDescription m = model_argument(model);
  std::vector<std::string> left_out;
  const py::list transfers = transfer_list(m, &left_out);
  const std::optional<Json> tree = model_description_tree(m);
  py::dict out;
  // Each key as loaded_model_keys.def declares it, in its order.
#define ANESIM_RESULT_KEY(key, type, when, value, ...) \
  if (when) out[#key] = value;
#include <anesim/python/loaded_model_keys.def>
#undef ANESIM_RESULT_KEY
  return std::move(out);
}

}  // namespace anesim::python
