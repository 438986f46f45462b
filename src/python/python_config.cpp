#include <anesim/python/python_config.h>

#include <pybind11/stl.h>
#include <yaml-cpp/yaml.h>

#include <cctype>
#include <optional>
#include <utility>

#include <fmt/format.h>

#include <anesim/io/errors.h>
#include <anesim/io/text_file.h>
#include <anesim/machine/builtin_config.h>
#include <anesim/machine/config_overlay.h>
#include <anesim/machine/config_patch.h>
#include <anesim/machine/machine_config_reader.h>
#include <anesim/python/python_values.h>

namespace anesim::python {

namespace {

constexpr const char* kBuiltinOrigin = "<built-in m3-air>";

// A scalar as the YAML reader would take it: whole numbers, reals, booleans,
// else the text.
py::object scalar_value(const std::string& s) {
  if (s == "true" || s == "false") {
    return py::bool_(s == "true");
  }
  if (!s.empty() && s.find_first_not_of("0123456789") == std::string::npos && s.size() < 19) {
    return py::int_(std::stoll(s));
  }
  char* end = nullptr;
  const double d = std::strtod(s.c_str(), &end);
  if (!s.empty() && end == s.c_str() + s.size() && std::isdigit(static_cast<unsigned char>(s[0]))) {
    return py::float_(d);
  }
  return py::str(s);
}

py::object node_value(const YAML::Node& n) {
  if (n.IsSequence()) {
    py::list l;
    for (const YAML::Node& item : n) {
      l.append(node_value(item));
    }
    return std::move(l);
  }
  if (n.IsMap()) {
    py::dict d;
    for (const auto& kv : n) {
      d[py::str(kv.first.Scalar())] = node_value(kv.second);
    }
    return std::move(d);
  }
  return n.IsScalar() ? scalar_value(n.Scalar()) : py::none();
}

void collect_keys(const YAML::Node& n, const std::string& prefix, std::vector<std::string>& out) {
  for (const auto& kv : n) {
    const std::string key = prefix.empty() ? kv.first.Scalar() : prefix + "." + kv.first.Scalar();
    if (kv.second.IsMap()) {
      collect_keys(kv.second, key, out);
    } else {
      out.push_back(key);
    }
  }
}

std::optional<YAML::Node> find_node(const std::string& text, const std::string& key) {
  YAML::Node n = YAML::Load(text);
  size_t start = 0;
  while (true) {
    const size_t dot = key.find('.', start);
    const std::string part = key.substr(start, dot == std::string::npos ? dot : dot - start);
    if (!n.IsMap() || !n[part]) {
      return std::nullopt;
    }
    n = n[part];
    if (dot == std::string::npos) {
      return n;
    }
    start = dot + 1;
  }
}

// Optional keys the reader fills with a documented default when a file
// leaves them out (docs/configuration.md): read as the value it uses.
std::optional<py::object> default_value(const MachineConfig& m, const std::string& key) {
  if (key == "ane.ring_variant") return py::str(variant_name(m.ane.ring_variant));
  if (key == "ane.demand_depth") return py::int_(m.ane.demand_depth);
  if (key == "ane.op_overhead_cycles") return py::int_(m.ane.op_overhead_cycles);
  if (key == "dram.refresh") return py::str(m.dram.refresh);
  if (key == "memory.target") return py::str(m.memory.target);
  return std::nullopt;
}

}  // namespace

Config::Config(std::string text, std::string origin)
    : text_(std::move(text)), origin_(std::move(origin)), machine_(parse_config(text_, origin_)) {}

std::shared_ptr<Config> Config::builtin() {
  // Read-only: one copy serves every call (config=None is the common case).
  static const std::shared_ptr<Config> builtin =
      std::make_shared<Config>(kBuiltinConfigYaml, kBuiltinOrigin);
  return builtin;
}

std::shared_ptr<Config> Config::load(const std::string& path) {
  if (path.empty()) {
    throw ConfigError("--config: empty file name");
  }
  std::string why;
  const std::optional<std::string> text = read_text_file(path, kMaxConfigBytes, "config file", why);
  if (!text) {
    throw ConfigError(fmt::format("{}: {}", path, why));
  }
  // An overlay is shown and patched as the whole merged description.
  return std::make_shared<Config>(resolved_config_text(*text, path), path);
}

std::vector<std::string> Config::keys() const {
  std::vector<std::string> out;
  collect_keys(YAML::Load(text_), "", out);
  return out;
}

bool Config::has(const std::string& key) const {
  return find_node(text_, key).has_value() || default_value(machine_, key).has_value();
}

py::object Config::value(const std::string& key) const {
  const std::optional<YAML::Node> n = find_node(text_, key);
  if (!n) {
    if (std::optional<py::object> d = default_value(machine_, key)) return *d;
    throw py::key_error(fmt::format("{}: no key {}", machine_.source, key));
  }
  return node_value(*n);
}

std::shared_ptr<Config> Config::with_overrides(
    const std::map<std::string, std::string>& values) const {
  std::string changed;
  for (const auto& [key, value] : values) {
    changed += fmt::format("{}{}={}", changed.empty() ? "" : ", ", key, value);
  }
  return std::make_shared<Config>(with_config_values(text_, origin_, values),
                                  fmt::format("{} ({})", origin_, changed));
}

std::shared_ptr<Config> config_argument(const py::handle& value) {
  if (value.is_none()) {
    return Config::builtin();
  }
  if (py::isinstance<Config>(value)) {
    return value.cast<std::shared_ptr<Config>>();
  }
  if (py::isinstance<py::str>(value) || py::hasattr(value, "__fspath__")) {
    const std::string path = path_argument(value, "config");
    py::gil_scoped_release unlocked;
    return Config::load(path);
  }
  throw py::type_error(
      fmt::format("config: expected None, a path (str or os.PathLike) or anesim.Config, got {}",
                  py::str(py::type::handle_of(value).attr("__name__")).cast<std::string>()));
}

}  // namespace anesim::python
