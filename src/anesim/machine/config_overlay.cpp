#include <anesim/machine/config_overlay.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <optional>
#include <set>

#include <fmt/format.h>

#include <anesim/io/json.h>
#include <anesim/io/text_file.h>
#include <anesim/io/text_functions.h>
#include <anesim/io/yaml_section.h>
#include <anesim/io/yaml_text.h>
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

bool names_a_file(const std::string& name) {
  return name.find('/') != std::string::npos ||
         (name.size() > 5 && name.compare(name.size() - 5, 5, ".yaml") == 0);
}

// A base named as a chip or as a file (relative to the overlay's folder).
std::string base_path(const YAML::Node& base, const std::string& origin) {
  if (!base.IsScalar() || base.Scalar().empty()) {
    fail(origin, base.Mark(), "expected a chip name or a file name");
  }
  const std::string name = base.Scalar();
  if (!names_a_file(name)) {
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
void scale_inherited(YAML::Node merged, const YAML::Node& base, const YAML::Node& overlay,
                     const std::string& overlay_origin) {
  const std::optional<double> from = number(at(base, "dram.clock_mhz"));
  const std::optional<double> to = number(at(overlay, "dram.clock_mhz"));
  if (!from || !to || *from == *to) return;
  const double ratio = *to / *from;
  for (const std::string& key : kClockScaledKeys) {
    const std::optional<double> v = number(at(base, key));
    if (!v || at(overlay, key)) continue;
    const size_t dot = key.find('.');
    const bool whole = key != "fabric.port_cycles_per_line" && key != "power.start_clock_mhz";
    // Below the reader's minimum of 1 the error is the clock's, in this
    // file: the scaled key was never written here.
    if (!whole && *v * ratio < 1) {
      const YAML::Node clock = overlay["dram"]["clock_mhz"];
      throw ConfigError(fmt::format(
          "{}: dram.clock_mhz: {} MHz (the base's is {}) scales the inherited {} ({}) to {:.4g}, "
          "below its minimum of 1; set {} in this file too",
          yaml_where(overlay_origin, clock.Mark()), printable(clock.Scalar(), 40), *from, key, *v,
          *v * ratio, key));
    }
    merged[key.substr(0, dot)][key.substr(dot + 1)] =
        whole ? fmt::format("{}", std::max<long long>(1, std::llround(*v * ratio)))
              : fmt::format("{:.4f}", *v * ratio);
  }
}

}  // namespace

namespace {

// One file of a base chain: its document and its name.
struct ChainLink {
  YAML::Node root;
  std::string path;
};

// The base named by `link`, read by the same strict reader as any
// description (src/anesim/io/yaml_section.h): a NUL byte, deep nesting, a wide
// encoding or an empty file is refused naming the base's own file.
ChainLink read_base(const ChainLink& link, std::vector<std::string>& chain) {
  refuse_repeated_keys(link.root, link.path);
  const YAML::Node base = link.root["base"];
  const std::string path = base_path(base, link.path);
  const std::string id = identity(path);
  if (std::find(chain.begin(), chain.end(), id) != chain.end()) {
    std::string cycle;
    for (const std::string& c : chain) cycle += printable(c) + " -> ";
    fail(link.path, base.Mark(), fmt::format("the bases form a cycle: {}{}", cycle, printable(id)));
  }
  if (chain.size() > kMaxBaseChain) {
    fail(link.path, base.Mark(),
         fmt::format("'{}' would be base number {} of {}: a chain of bases is at most {} long",
                     printable(base.Scalar()), chain.size(), printable(chain.front()),
                     kMaxBaseChain));
  }
  std::string why;
  const std::optional<std::string> text =
      read_regular_file(path, kMaxConfigBytes, "config file", why);
  if (!text) {
    fail(link.path, base.Mark(), fmt::format("{}: {}", printable(path), why));
  }
  chain.push_back(id);
  const YamlSection loaded = load_yaml_document(
      *text, path, [](const std::string& message) { throw ConfigError(message); });
  return {loaded.node(), path};
}

}  // namespace

YAML::Node merge_over_base(const YAML::Node& root, const std::string& origin,
                           std::vector<std::string>& chain) {
  if (!root.IsMap() || !root["base"]) {
    return root;
  }
  // Read down the chain first, then merge up from its end: memory and time
  // are linear in the chain, and the stack does not grow with it.
  if (chain.empty()) chain.push_back(identity(origin));
  std::vector<ChainLink> links{{root, origin}};
  while (links.back().root.IsMap() && links.back().root["base"]) {
    links.push_back(read_base(links.back(), chain));
  }
  YAML::Node merged = links.back().root;
  for (size_t i = links.size() - 1; i-- > 0;) {
    // Each base alone must be a valid description: its errors name its file.
    parse_merged_config(merged, links[i + 1].path);
    YAML::Node next = YAML::Clone(merged);
    scale_inherited(next, merged, links[i].root, links[i].path);
    merge_into(next, links[i].root, true);
    merged = next;
  }
  return merged;
}

std::string resolved_config_text(const std::string& text, const std::string& origin) {
  YAML::Node root;
  try {
    root = load_one_yaml_document(text);
  } catch (const YAML::Exception&) {
    return text;  // the reader reports it
  }
  if (!root.IsMap() || !root["base"]) {
    return text;
  }
  std::vector<std::string> chain;
  YAML::Emitter out;
  out << merge_over_base(root, origin, chain);
  // The names are escaped: a newline in a folder's name must not become a key.
  return fmt::format("# {} merged over its base ({})\n{}\n", printable_whole(origin),
                     printable_whole(root["base"].Scalar()), out.c_str());
}

std::string with_anchored_base(const std::string& text, const std::string& origin) {
  YAML::Node root;
  try {
    root = load_one_yaml_document(text);
  } catch (const YAML::Exception&) {
    return text;  // the reader reports it
  }
  if (!root.IsMap() || !root["base"] || !root["base"].IsScalar()) return text;
  const YAML::Node base = root["base"];
  if (!names_a_file(base.Scalar()) || fs::path(base.Scalar()).is_absolute()) return text;
  const std::string path = base_path(base, origin);
  // The scalar runs from its mark to the end of its line (a base is one line).
  const size_t from = static_cast<size_t>(base.Mark().pos);
  const size_t to = std::min(text.find('\n', from), text.size());
  Json quoted = fs::absolute(path).lexically_normal().string();
  return text.substr(0, from) + quoted.dump() + text.substr(to);
}

std::vector<std::string> base_files_of_text(const std::string& text, const std::string& origin,
                                            bool& names_a_chip) {
  names_a_chip = false;
  std::vector<std::string> chain{identity(origin)}, files;
  ChainLink link{load_yaml_document(text, origin,
                                    [](const std::string& message) { throw ConfigError(message); })
                     .node(),
                 origin};
  while (link.root.IsMap() && link.root["base"]) {
    names_a_chip = names_a_chip || !names_a_file(link.root["base"].Scalar());
    link = read_base(link, chain);
    files.push_back(link.path);
  }
  return files;
}

std::vector<std::string> base_files(const std::string& path, bool& names_a_chip) {
  names_a_chip = false;
  std::string why;
  const std::optional<std::string> text =
      read_regular_file(path, kMaxConfigBytes, "config file", why);
  if (!text) return {};  // the reader reports it
  return base_files_of_text(*text, path, names_a_chip);
}

std::string merged_description_text(const std::string& text, const std::string& origin) {
  YAML::Node root;
  try {
    root = load_one_yaml_document(text);
  } catch (const YAML::Exception&) {
    return text;  // the reader reports it
  }
  if (!root.IsMap() || !root["base"]) return text;
  std::vector<std::string> chain;
  YAML::Emitter out;
  out << merge_over_base(root, origin, chain);
  return std::string(out.c_str()) + "\n";
}

}  // namespace anesim
