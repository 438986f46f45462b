#include <anesim/python/python_fields.h>

#include <algorithm>

#include <fmt/format.h>

#include <anesim/api/models.h>

namespace anesim::python {

namespace {

using api::FieldKind;
using api::FieldSpec;

bool machine_row(const FieldSpec& s) {
  return s.kind == FieldKind::kMachine || s.kind == FieldKind::kMachineFile;
}

}  // namespace

const py::object& Arguments::get(const std::string& name) const {
  static const py::object none = py::none();
  const auto it = values.find(name);
  return it == values.end() ? none : it->second;
}

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
    for (const auto& [mark, names] :
         {std::make_pair("{variants}", std::string("a name from variants()")),
          std::make_pair("{dtypes}", dtype_list())}) {
      const size_t at = help.find(mark);
      if (at != std::string::npos) help.replace(at, std::string(mark).size(), names);
    }
    lines += fmt::format("{}: {}.\n", s.name, help);
  }
  return fmt::format("{}({})\n\n{}\n\n{}", function, signature, summary, lines);
}

bool gives_keyword(const Arguments& a, const FieldSpec& s) {
  if (machine_row(s)) return a.values.count("config") != 0 || a.values.count("chip") != 0;
  return a.values.count(s.name) != 0;
}

}  // namespace anesim::python
