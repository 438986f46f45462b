// The module's catalogue: the ring variants and the Config class.
#include <anesim/python/python_catalog.h>

#include <anesim/api/chips.h>
#include <anesim/api/variants.h>
#include <anesim/io/text_functions.h>
#include <anesim/present/chips_output.h>
#include <anesim/python/python_config.h>
#include <anesim/python/python_fields.h>
#include <anesim/python/python_values.h>
#include <pybind11/pybind11.h>
// pybind11/stl.h: the bindings here convert STL containers (std::vector,
// std::map, std::optional) through its casters, names IWYU never sees.
#include <pybind11/stl.h>  // IWYU pragma: keep
#include <string>

namespace anesim::python {

py::object chips(const py::args& args, const py::kwargs& kwargs) {
  const api::ChipsRequest r = request_from_arguments<api::ChipsRequest>("chips", args, kwargs);
  return to_python(present::chips_json(api::chips(r)));
}

py::object generations() { return to_python(present::generations_json(api::generations())); }

namespace {

// A variant's `parameters`: its RTL parameters by name.
py::dict variant_parameters(const RingVariantInfo& v) {
  py::dict params;
  params["epoch_bits"] = v.epoch_bits;
  params["space_guard"] = v.space_guard;
  params["relatch_at_wrap"] = static_cast<uint32_t>(v.relatch_at_wrap);
  params["time_share"] = v.time_share;
  return params;
}

}  // namespace

py::list variants() {
  py::list out;
  for (const RingVariantInfo& v : ring_variants()) {
    py::dict d;
    // Each key as variant_keys.def declares it, in its order.
#define ANESIM_RESULT_KEY(key, type, when, value, ...) \
  if (when) d[#key] = value;
#include <anesim/python/variant_keys.def>
#undef ANESIM_RESULT_KEY
    out.append(d);
  }
  return out;
}

void bind_config(py::module_& m) {
  py::class_<Config, std::shared_ptr<Config>>(m, "Config", R"doc(
A machine description (configs/*.yaml, docs/configuration.md), read-only.

Config.default() is the built-in M3 Air; Config.load(path) reads a file.
cfg["dram.clock_mhz"] reads a key by its dotted path; cfg.with_overrides(
{"fabric.port_cycles_per_line": 15}) is a patched copy, the values
rewritten in the text as `anesim calibrate` does and the text read again.)doc")
      .def_static("default", &Config::builtin, "The built-in M3 Air description.")
      .def_static(
          "load",
          [](const py::object& path) {
            const std::string p = path_argument(path, "path");
            py::gil_scoped_release unlocked;
            return Config::load(p);
          },
          py::arg("path"),
          "Reads a machine description; ConfigError (file:line:column: field) if bad.")
      .def_property_readonly("source", &Config::source, "The file name, or <built-in m3-air>.")
      .def_property_readonly("text", &Config::text, "The YAML text.")
      .def("keys", &Config::keys, "Every leaf key, dotted, in file order.")
      .def("__getitem__", &Config::value, py::arg("key"))
      .def("__contains__", &Config::has, py::arg("key"))
      .def(
          "get",
          [](const Config& c, const std::string& key, const py::object& fallback) {
            return c.has(key) ? c.value(key) : fallback;
          },
          py::arg("key"), py::arg("default") = py::none())
      .def(
          "with_overrides",
          [](const Config& c, const py::dict& values) { return c.with_overrides(values); },
          py::arg("values"), "A copy with these dotted keys' values replaced.")
      .def("__repr__", [](const Config& c) {
        return "anesim.Config(source=" +
               py::repr(py::str(printable_whole(c.source()))).cast<std::string>() + ")";
      });
}

}  // namespace anesim::python
