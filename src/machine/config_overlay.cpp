#include <anesim/machine/config_overlay.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <optional>
#include <set>

#include <fmt/format.h>

#include <anesim/io/errors.h>
#include <anesim/io/text_file.h>
#include <anesim/io/text_functions.h>
#include <anesim/io/yaml_section.h>
#include <anesim/machine/chip_registry.h>
#include <anesim/machine/machine_config_reader.h>

namespace anesim {

const std::vector<std::string> kClockScaledKeys = {
    "fabric.request_latency",   "fabric.response_latency",    "fabric.port_cycles_per_line",
    "ane.task_dispatch_cycles", "ane.launch_overhead_cycles", "ane.op_overhead_cycles",
    "power.start_clock_mhz",    "power.boost_after_cycles",   "simulation.max_cycles"};

namespace {

namespace fs = std::filesystem;

[[noreturn]] void fail(const std::string& origin, const YAML::Mark& mark, const std::string& what) {
  throw ConfigError(fmt::format("{}: base: {}", yaml_where(origin, mark), what));
}

// A base named as a chip or as a file (relative to the overlay's folder).
std::string base_path(const YAML::Node& base, const std::string& origin) {
  if (!base.IsScalar() || base.Scalar().empty()) {
    fail(origin, base.Mark(), "expected a chip name or a file name");
  }
  const std::string name = base.Scalar();
  const bool is_file = name.find('/') != std::string::npos ||
                       (name.size() > 5 && name.compare(name.size() - 5, 5, ".yaml") == 0);
  if (!is_file) {
    std::optional<ChipEntry> chip;
    try {
      chip = find_chip(name);
    } catch (const ConfigError& e) {
      // The registry itself is missing or broken: say which config needed it.
      fail(origin, base.Mark(),
           fmt::format("cannot look up '{}' in the chip registry: {}", printable(name), e.what()));
    }
    if (!chip) {
      fail(origin, base.Mark(),
           fmt::format("'{}' is not a chip (known: {}) nor a file name (one with a / or .yaml)",
                       printable(name), chip_names()));
    }
    return chip->file;
  }
  const fs::path p(name);
  if (p.is_absolute() || origin.empty() || origin[0] == '<') {
    return name;
  }
  return (fs::path(origin).parent_path() / p).string();
}

std::string identity(const std::string& path) {
  std::error_code ec;
  const fs::path c = fs::weakly_canonical(path, ec);
  return ec ? path : c.string();
}

// Repeated keys in an overlay would be dropped silently by the merge.
void refuse_repeated_keys(const YAML::Node& map, const std::string& origin) {
  std::set<std::string> keys;
  for (const auto& kv : map) {
    if (!kv.first.IsScalar()) {
      throw ConfigError(
          fmt::format("{}: expected a plain key name", yaml_where(origin, kv.first.Mark())));
    }
    if (!keys.insert(kv.first.Scalar()).second) {
      throw ConfigError(fmt::format("{}: {}: repeated key", yaml_where(origin, kv.first.Mark()),
                                    printable(kv.first.Scalar())));
    }
    if (kv.second.IsMap()) {
      refuse_repeated_keys(kv.second, origin);
    }
  }
}

// Not cloned: the overlay's nodes keep their marks (file lines) in the merge.
void merge_into(YAML::Node target, const YAML::Node& overlay, bool top) {
  for (const auto& kv : overlay) {
    const std::string key = kv.first.Scalar();
    if (key == "base" && top) continue;
    YAML::Node existing = target[key];
    if (existing && existing.IsMap() && kv.second.IsMap()) {
      merge_into(existing, kv.second, false);
    } else {
      target[key] = kv.second;
    }
  }
}

// The scalar at a dotted key, or nothing.
std::optional<std::string> at(const YAML::Node& root, const std::string& dotted) {
  const size_t dot = dotted.find('.');
  const YAML::Node section = root[dotted.substr(0, dot)];
  if (!section || !section.IsMap()) return std::nullopt;
  const YAML::Node value = section[dotted.substr(dot + 1)];
  if (!value || !value.IsScalar()) return std::nullopt;
  return value.Scalar();
}

std::optional<double> number(const std::optional<std::string>& text) {
  if (!text) return std::nullopt;
  const std::string& s = *text;
  char* end = nullptr;
  const double v = std::strtod(s.c_str(), &end);
  if (s.empty() || end != s.c_str() + s.size() || !std::isfinite(v) || v <= 0) return std::nullopt;
  return v;
}

// Inherited keys in cycles keep their time when the overlay changes the clock.
void scale_inherited(YAML::Node merged, const YAML::Node& base, const YAML::Node& overlay) {
  const std::optional<double> from = number(at(base, "dram.clock_mhz"));
  const std::optional<double> to = number(at(overlay, "dram.clock_mhz"));
  if (!from || !to || *from == *to) return;
  const double ratio = *to / *from;
  for (const std::string& key : kClockScaledKeys) {
    const std::optional<double> v = number(at(base, key));
    if (!v || at(overlay, key)) continue;
    const size_t dot = key.find('.');
    const bool whole = key != "fabric.port_cycles_per_line" && key != "power.start_clock_mhz";
    merged[key.substr(0, dot)][key.substr(dot + 1)] =
        whole ? fmt::format("{}", std::max<long long>(1, std::llround(*v * ratio)))
              : fmt::format("{:.4f}", *v * ratio);
  }
}

}  // namespace

YAML::Node merge_over_base(const YAML::Node& root, const std::string& origin,
                           std::vector<std::string>& chain) {
  if (!root.IsMap() || !root["base"]) {
    return root;
  }
  refuse_repeated_keys(root, origin);
  const YAML::Node base = root["base"];
  const std::string path = base_path(base, origin);
  const std::string self = identity(origin);
  if (chain.empty()) chain.push_back(self);
  const std::string id = identity(path);
  if (std::find(chain.begin(), chain.end(), id) != chain.end()) {
    std::string cycle;
    for (const std::string& c : chain) cycle += c + " -> ";
    fail(origin, base.Mark(), fmt::format("the bases form a cycle: {}{}", cycle, id));
  }
  std::string why;
  const std::optional<std::string> text = read_text_file(path, kMaxConfigBytes, "config file", why);
  if (!text) {
    fail(origin, base.Mark(), fmt::format("{}: {}", path, why));
  }
  YAML::Node base_root;
  try {
    base_root = YAML::Load(*text);
  } catch (const YAML::Exception& e) {
    throw ConfigError(
        fmt::format("{}: not valid YAML: {}", yaml_where(path, e.mark), printable(e.msg)));
  }
  chain.push_back(id);
  const YAML::Node base_merged = merge_over_base(base_root, path, chain);
  chain.pop_back();
  // The base alone must be a valid description: its errors name its file.
  parse_merged_config(base_merged, path);
  YAML::Node merged = YAML::Clone(base_merged);
  scale_inherited(merged, base_merged, root);
  merge_into(merged, root, true);
  return merged;
}

std::string resolved_config_text(const std::string& text, const std::string& origin) {
  YAML::Node root;
  try {
    root = YAML::Load(text);
  } catch (const YAML::Exception&) {
    return text;  // the reader reports it
  }
  if (!root.IsMap() || !root["base"]) {
    return text;
  }
  std::vector<std::string> chain;
  YAML::Emitter out;
  out << merge_over_base(root, origin, chain);
  return fmt::format("# {} merged over its base ({})\n{}\n", origin, root["base"].Scalar(),
                     out.c_str());
}

}  // namespace anesim
