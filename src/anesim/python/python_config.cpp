#include <anesim/python/python_config.h>

// pybind11/stl.h: the bindings here convert STL containers (std::vector,
// std::map, std::optional) through its casters, names IWYU never sees.
#include <pybind11/stl.h>  // IWYU pragma: keep
#include <yaml-cpp/yaml.h>

#include <cctype>
#include <map>
#include <optional>
#include <utility>

#include <fmt/format.h>

#include <anesim/api/machines.h>
#include <anesim/api/variants.h>
#include <anesim/io/text_file.h>
#include <anesim/io/text_functions.h>
#include <anesim/io/yaml_text.h>
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
  YAML::Node n = load_one_yaml_document(text);
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

// An override's value as the file spells it, of the kind the key holds now:
// a number for a number, a bool for a bool, text for text (quoted unless it
// is a plain word that reads back as itself).
std::string override_text(const py::object& now, const py::handle& value, const std::string& key) {
  const auto refuse = [&](const char* expected) {
    throw py::type_error(fmt::format("with_overrides: {}: expected {}, got {}", printable(key, 80),
                                     expected, type_name(value)));
  };
  const bool is_bool = py::isinstance<py::bool_>(value);
  if (py::isinstance<py::bool_>(now)) {
    if (!is_bool) refuse("bool");
    return value.cast<bool>() ? "true" : "false";
  }
  if (py::isinstance<py::int_>(now) || py::isinstance<py::float_>(now)) {
    if (is_bool || !(py::isinstance<py::int_>(value) || py::isinstance<py::float_>(value))) {
      refuse("a number (int or float)");
    }
    return py::isinstance<py::int_>(value) ? py::str(value).cast<std::string>()
                                           : py::repr(value).cast<std::string>();
  }
  if (!py::isinstance<py::str>(now)) {
    throw ConfigError(fmt::format("with_overrides: {}: not a single value", printable(key, 80)));
  }
  if (!py::isinstance<py::str>(value)) {
    refuse("str");
  }
  const std::string s = utf8_text(value, key);
  const bool word =
      !s.empty() && s.find_first_not_of(
                        "abcdefghijklmnopqrstuvwxyz"
                        "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-") == std::string::npos;
  if (word && py::isinstance<py::str>(scalar_value(s))) {
    return s;
  }
  YAML::Emitter quoted;
  quoted << YAML::DoubleQuoted << s;
  return quoted.c_str();
}

}  // namespace

Config::Config(std::string text, std::string origin, std::string file_text)
    : text_(std::move(text)),
      origin_(std::move(origin)),
      file_text_(std::move(file_text)),
      machine_(parse_config(text_, origin_)) {}

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
  return std::make_shared<Config>(resolved_config_text(*text, path), path, *text);
}

std::vector<std::string> Config::keys() const {
  std::vector<std::string> out;
  collect_keys(load_one_yaml_document(text_), "", out);
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

std::shared_ptr<Config> Config::with_overrides(const py::dict& values) const {
  std::map<std::string, std::string> text;
  std::map<std::string, py::object> wanted;
  std::string changed;
  for (const auto& [k, value] : values) {
    if (!py::isinstance<py::str>(k)) {
      throw py::type_error("with_overrides: keys must be dotted names (str)");
    }
    const std::string key = utf8_text(k, "with_overrides");
    if (!has(key)) {
      throw ConfigError(fmt::format("{}: {}: no such key", source(), printable(key, 80)));
    }
    text[key] = override_text(this->value(key), value, key);
    wanted[key] = py::reinterpret_borrow<py::object>(value);
    changed += fmt::format("{}{}={}", changed.empty() ? "" : ", ", key, text[key]);
  }
  auto out = std::make_shared<Config>(with_config_values(text_, origin_, text),
                                      fmt::format("{} ({})", origin_, changed));
  // What was written must read back as exactly these values, in the same
  // keys: no value can add, remove or reshape a key.
  const bool same_keys = out->keys() == keys();
  for (const auto& [key, value] : wanted) {
    if (!same_keys || !out->value(key).equal(value)) {
      throw ConfigError(fmt::format("{}: {}: this value cannot be written as one YAML value",
                                    source(), printable(key, 80)));
    }
  }
  return out;
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

// config= or chip= (a registered chip's file), not both. A path or a chip
// is passed on as a path, so that its description is read once per process
// (api/description_store.h); a Config as the machine it holds.
api::MachineChoice machine_argument(const py::object& config, const py::object& chip) {
  api::MachineChoice choice;
  if (!chip.is_none()) {
    if (!config.is_none()) {
      throw UsageError("give config or chip, not both");
    }
    choice.config = chip_config_path(text_argument(chip, "chip"));
    return choice;
  }
  if (config.is_none()) return choice;
  if (!py::isinstance<Config>(config) &&
      (py::isinstance<py::str>(config) || py::hasattr(config, "__fspath__"))) {
    choice.config = path_argument(config, "config");
    return choice;
  }
  const std::shared_ptr<Config> c = config_argument(config);
  choice.machine = c->machine();
  choice.text = c->description_text();
  return choice;
}

std::string config_file(const py::object& config, const py::object& chip, const char* function) {
  const api::MachineChoice c = machine_argument(config, chip);
  if (c.machine) {
    throw py::type_error(fmt::format(
        "config: {}() reads a description's file: give a path or chip=, not a Config", function));
  }
  return c.config;
}

}  // namespace anesim::python
