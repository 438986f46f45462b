#include <anesim/python/python_fields.h>

#include <algorithm>

#include <fmt/format.h>

#include <anesim/api/request_checks.h>
#include <anesim/io/errors.h>
#include <anesim/python/python_config.h>
#include <anesim/python/python_values.h>

namespace anesim::python {

namespace {

using api::FieldKind;
using api::FieldSpec;

const py::object& argument(const Arguments& a, const std::string& name) {
  static const py::object none = py::none();
  const auto it = a.values.find(name);
  return it == a.values.end() ? none : it->second;
}

bool machine_row(const FieldSpec& s) {
  return s.kind == FieldKind::kMachine || s.kind == FieldKind::kMachineFile;
}

}  // namespace

std::vector<std::string> python_keywords(const FieldSpec* specs, size_t count) {
  std::vector<std::string> out;
  for (size_t i = 0; i < count; ++i) {
    if (*specs[i].python == '\0') continue;
    if (machine_row(specs[i])) {
      out.insert(out.end(), {"config", "chip"});
    } else {
      out.push_back(specs[i].name);
    }
  }
  return out;
}

Arguments bind_arguments(const char* function, const FieldSpec* specs, size_t count,
                         const py::args& args, const py::kwargs& kwargs) {
  const std::vector<std::string> keywords = python_keywords(specs, count);
  if (args.size() > keywords.size()) {
    throw py::type_error(fmt::format("{}() takes at most {} positional arguments ({} given)",
                                     function, keywords.size(), args.size()));
  }
  Arguments a{function, {}};
  for (size_t i = 0; i < args.size(); ++i) {
    a.values[keywords[i]] = py::reinterpret_borrow<py::object>(args[i]);
  }
  for (const auto& [key, value] : kwargs) {
    const std::string name = py::str(key).cast<std::string>();
    if (std::find(keywords.begin(), keywords.end(), name) == keywords.end()) {
      throw py::type_error(
          fmt::format("{}() got an unexpected keyword argument '{}'", function, name));
    }
    if (a.values.count(name) != 0) {
      throw py::type_error(
          fmt::format("{}() got multiple values for argument '{}'", function, name));
    }
    a.values[name] = py::reinterpret_borrow<py::object>(value);
  }
  return a;
}

std::string python_doc(const char* function, const std::string& summary, const FieldSpec* specs,
                       size_t count, const std::string& lead) {
  std::string signature = lead, lines;
  for (size_t i = 0; i < count; ++i) {
    const FieldSpec& s = specs[i];
    if (*s.python == '\0') continue;
    if (machine_row(s)) {
      signature += fmt::format("{}config={}, chip=None", signature.empty() ? "" : ", ", s.python);
      lines += s.kind == FieldKind::kMachine
                   ? "config: None (built-in M3 Air), a path, or a Config; or chip: a name from "
                     "chips() (not both).\n"
                   : "config: None (built-in M3 Air) or a path; or chip: a name from chips() "
                     "(not both).\n";
      continue;
    }
    const bool required = std::string(s.python) == "required";
    signature += fmt::format("{}{}{}{}", signature.empty() ? "" : ", ", s.name, required ? "" : "=",
                             required ? "" : s.python);
    std::string help = s.help;
    const size_t at = help.find("{variants}");
    if (at != std::string::npos) help.replace(at, 10, "a name from variants()");
    lines += fmt::format("{}: {}.\n", s.name, help);
  }
  return fmt::format("{}({})\n\n{}\n\n{}", function, signature, summary, lines);
}

void read_argument(const FieldSpec& s, const Arguments& a, std::optional<uint64_t>& out) {
  out = count_value(argument(a, s.name), s.name);
}

void read_argument(const FieldSpec& s, const Arguments& a, uint64_t& out) {
  if (const auto value = count_value(argument(a, s.name), s.name)) out = *value;
}

void read_argument(const FieldSpec& s, const Arguments& a, std::vector<uint64_t>& out) {
  out = count_list_value(argument(a, s.name), s.name);
}

void read_argument(const FieldSpec& s, const Arguments& a, std::string& out) {
  if (s.kind == FieldKind::kMachineFile) {
    out = config_file(argument(a, "config"), argument(a, "chip"), a.function);
    return;
  }
  const py::object& v = argument(a, s.name);
  if (!v.is_none()) out = path_argument(v, s.name);
}

void read_argument(const FieldSpec& s, const Arguments& a, std::vector<std::string>& out) {
  const py::object& v = argument(a, s.name);
  if (v.is_none()) {
    throw py::type_error(fmt::format("{}() missing required argument '{}'", a.function, s.name));
  }
  out = paths_value(v, s.name);
}

void read_argument(const FieldSpec& s, const Arguments& a, std::optional<double>& out) {
  const py::object& v = argument(a, s.name);
  if (v.is_none()) return;
  if (py::isinstance<py::bool_>(v) ||
      !(py::isinstance<py::float_>(v) || py::isinstance<py::int_>(v))) {
    throw py::type_error(fmt::format("{}: expected float, got {}", s.name, type_name(v)));
  }
  out = v.cast<double>();
}

void read_argument(const FieldSpec& s, const Arguments& a, bool& out) {
  const py::object& v = argument(a, s.name);
  if (v.is_none()) return;
  if (!py::isinstance<py::bool_>(v)) {
    throw py::type_error(fmt::format("{}: expected bool, got {}", s.name, type_name(v)));
  }
  out = v.cast<bool>();
}

void read_argument(const FieldSpec& s, const Arguments& a, std::optional<RingVariant>& out) {
  const py::object& v = argument(a, s.name);
  if (!v.is_none()) out = api::variant_named(text_argument(v, s.name), s.name);
}

void read_argument(const FieldSpec& s, const Arguments& a, std::vector<RingVariant>& out) {
  const py::object& v = argument(a, s.name);
  if (v.is_none()) return;
  out.clear();
  for (const std::string& name : paths_value(v, s.name)) {
    out.push_back(api::variant_named(name, s.name));
  }
}

void read_argument(const FieldSpec& s, const Arguments& a, std::optional<MemoryCoupling>& out) {
  const py::object& v = argument(a, s.name);
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

void read_argument(const FieldSpec&, const Arguments& a, api::MachineChoice& out) {
  out = machine_argument(argument(a, "config"), argument(a, "chip"));
}

}  // namespace anesim::python
