// The readers of python_fields.h: each request member from its argument,
// by the member's type, with the converters of python_values.h.
#include <anesim/python/python_fields.h>

#include <fmt/format.h>

#include <anesim/api/advise_fleet.h>
#include <anesim/api/request_checks.h>
#include <anesim/io/errors.h>
#include <anesim/python/python_config.h>
#include <anesim/python/python_formats.h>
#include <anesim/python/python_model.h>
#include <anesim/python/python_values.h>

namespace anesim::python {

using api::FieldKind;
using api::FieldSpec;

namespace {

[[noreturn]] void missing(const FieldSpec& s, const Arguments& a) {
  throw py::type_error(fmt::format("{}() missing required argument '{}'", a.function, s.name));
}

}  // namespace

void read_argument(const FieldSpec& s, const Arguments& a, std::optional<uint64_t>& out) {
  out = count_value(a.get(s.name), s.name);
}

void read_argument(const FieldSpec& s, const Arguments& a, uint64_t& out) {
  if (const auto value = count_value(a.get(s.name), s.name)) out = *value;
}

void read_argument(const FieldSpec& s, const Arguments& a, std::vector<uint64_t>& out) {
  out = count_list_value(a.get(s.name), s.name);
}

// A text or a path (the machine row's: config= or chip=).
void read_argument(const FieldSpec& s, const Arguments& a, std::string& out) {
  if (s.kind == FieldKind::kMachineFile) {
    out = config_file(a.get("config"), a.get("chip"), a.function);
    return;
  }
  const auto it = a.values.find(s.name);
  if (it == a.values.end()) {
    if (std::string(s.python) == "required") missing(s, a);
    return;
  }
  // None is the default only where the default is None; elsewhere
  // (report's traces_dir="traces/m3-air") it is refused as any non-path.
  if (it->second.is_none() && std::string(s.python) == "None") return;
  out = s.kind == FieldKind::kText ? text_argument(it->second, s.name)
                                   : path_argument(it->second, s.name);
}

void read_argument(const FieldSpec& s, const Arguments& a, std::vector<std::string>& out) {
  const py::object& v = a.get(s.name);
  if (v.is_none()) missing(s, a);
  out = paths_value(v, s.name);
}

void read_argument(const FieldSpec& s, const Arguments& a, std::optional<double>& out) {
  const py::object& v = a.get(s.name);
  if (v.is_none()) return;
  if (py::isinstance<py::bool_>(v) ||
      !(py::isinstance<py::float_>(v) || py::isinstance<py::int_>(v))) {
    throw py::type_error(fmt::format("{}: expected float, got {}", s.name, type_name(v)));
  }
  out = v.cast<double>();
}

// As pybind11 converts a bool argument (True, False, numpy's bools, numbers;
// None is False); not given keeps the initial value.
void read_argument(const FieldSpec& s, const Arguments& a, bool& out) {
  const auto it = a.values.find(s.name);
  if (it == a.values.end()) return;
  try {
    out = it->second.cast<bool>();
  } catch (const py::cast_error&) {
    throw py::type_error(fmt::format("{}: expected bool, got {}", s.name, type_name(it->second)));
  }
}

void read_argument(const FieldSpec& s, const Arguments& a, std::optional<RingVariant>& out) {
  const py::object& v = a.get(s.name);
  if (!v.is_none()) out = api::variant_named(text_argument(v, s.name), s.name);
}

void read_argument(const FieldSpec& s, const Arguments& a, std::vector<RingVariant>& out) {
  const py::object& v = a.get(s.name);
  if (v.is_none()) return;
  out.clear();
  for (const std::string& name : paths_value(v, s.name)) {
    out.push_back(api::variant_named(name, s.name));
  }
}

void read_argument(const FieldSpec& s, const Arguments& a, std::optional<MemoryCoupling>& out) {
  const py::object& v = a.get(s.name);
  if (v.is_none()) return;
  const std::string text = text_argument(v, s.name);
  if (text != "builtin" && text != "tlm") {
    throw FieldError(
        s.name,
        fmt::format("{}: '{}' is not one of: builtin, tlm", field_mark(s.name), value_mark()),
        text);
  }
  out = text == "tlm" ? MemoryCoupling::kTlm : MemoryCoupling::kBuiltin;
}

// free={"fabric.port_cycles_per_line": (8, 20)}: each key with its bounds.
void read_argument(const FieldSpec& s, const Arguments& a, std::vector<api::FreeKey>& out) {
  const py::object& v = a.get(s.name);
  if (v.is_none()) missing(s, a);
  if (!py::isinstance<py::dict>(v)) {
    throw py::type_error(
        fmt::format("{}: expected a dict of key: (lo, hi), got {}", s.name, type_name(v)));
  }
  for (const auto& [key, bounds] : v.cast<py::dict>()) {
    const py::tuple b = py::tuple(py::reinterpret_borrow<py::object>(bounds));
    if (b.size() != 2) {
      throw py::type_error(fmt::format("{}: each key's bounds are (lo, hi)", s.name));
    }
    out.push_back({utf8_text(key, s.name), b[0].cast<double>(), b[1].cast<double>()});
  }
}

// split="none", "advised" or a split file's path; given as None, a
// TypeError as for any path.
void read_argument(const FieldSpec& s, const Arguments& a, api::SplitChoice& out) {
  const auto it = a.values.find(s.name);
  if (it == a.values.end()) return;
  const py::object& v = it->second;
  const std::string policy = py::isinstance<py::str>(v) ? text_argument(v, s.name) : "";
  if (policy == "none" || policy == "advised") {
    out = api::split_choice_field(policy);
  } else {
    out = api::SplitChoice(api::DecodeSplit::kFile);
    out.file = path_argument(v, s.name);
  }
}

void read_argument(const FieldSpec&, const Arguments& a, api::MachineChoice& out) {
  out = machine_argument(a.get("config"), a.get("chip"));
}

// chips: "all" or a name (a fleet of one), or a list or tuple of names.
void read_argument(const FieldSpec& s, const Arguments& a,
                   std::optional<std::vector<std::string>>& out) {
  const py::object& v = a.get(s.name);
  if (v.is_none()) return;
  if (py::isinstance<py::str>(v)) {
    out = api::fleet_chip_names(v.cast<std::string>(), s.name);
    return;
  }
  if (!py::isinstance<py::list>(v) && !py::isinstance<py::tuple>(v)) {
    throw py::type_error(
        fmt::format("{}: expected a list of chip names or 'all', got {}", s.name, type_name(v)));
  }
  out.emplace();
  for (const py::handle item : v) {
    if (!py::isinstance<py::str>(item)) {
      throw py::type_error(fmt::format("{}[{}]: expected a chip name (str), got {}", s.name,
                                       out->size(), type_name(item)));
    }
    out->push_back(text_argument(item, s.name));
  }
}

void read_argument(const FieldSpec& s, const Arguments& a, api::ModelChoice& out) {
  const py::object& v = a.get(s.name);
  if (v.is_none() && std::string(s.python) == "required") missing(s, a);
  if (!v.is_none()) out.description = model_argument(v);
}

void read_argument(const FieldSpec& s, const Arguments& a, api::DtypeChoice& out) {
  const py::object& v = a.get(s.name);
  out.every = dtype_value(v);
  out.rules = dtype_rules_value(v);
}

void read_argument(const FieldSpec& s, const Arguments& a, std::optional<api::Kernel>& out) {
  out = kernel_value(a.get(s.name));
}

}  // namespace anesim::python
