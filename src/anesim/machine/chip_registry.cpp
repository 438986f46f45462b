#include <anesim/machine/chip_registry.h>

#include <algorithm>
#include <cctype>
#include <memory>
#include <mutex>

#include <fmt/format.h>

#include <anesim/io/data_directory.h>
#include <anesim/io/errors.h>
#include <anesim/io/file_signature.h>
#include <anesim/io/text_file.h>
#include <anesim/io/text_functions.h>
#include <anesim/io/yaml_section.h>

namespace anesim {

namespace {

std::string configs_directory() {
  const std::string root = data_directory_or_installed();
  return root + "/configs";
}

NotchVerdict read_verdict(YamlSection& s) {
  NotchVerdict v;
  v.verdict = s.text("verdict");
  const std::string affected = s.text("affected");
  if (affected == "true" || affected == "false") {
    v.affected = affected == "true";
  } else if (affected != "unknown") {
    s.fail(s.mark_of("affected"), s.name("affected"),
           fmt::format("expected true, false or unknown, got '{}'", printable(affected)));
  }
  v.confidence = s.text("confidence");
  v.evidence = s.text("evidence");
  return v;
}

GenerationEntry read_generation(YamlSection& s) {
  GenerationEntry g;
  g.name = s.text("name");
  g.ring = s.text("ring");
  g.notch = read_verdict(s);
  s.reject_unknown("docs/chips.md lists the registry's keys");
  return g;
}

// "Mac, iPad" -> {"Mac", "iPad"}; each one of the known families.
std::vector<std::string> read_families(YamlSection& s) {
  std::vector<std::string> out;
  const std::string text = s.text("family");
  size_t start = 0;
  while (start <= text.size()) {
    const size_t end = std::min(text.find(',', start), text.size());
    std::string f = text.substr(start, end - start);
    while (!f.empty() && f.front() == ' ') f.erase(f.begin());
    while (!f.empty() && f.back() == ' ') f.pop_back();
    if (f != "Mac" && f != "iPhone" && f != "iPad") {
      s.fail(s.mark_of("family"), s.name("family"),
             fmt::format("'{}' is not Mac, iPhone or iPad", printable(f)));
    }
    out.push_back(f);
    start = end + 1;
  }
  return out;
}

ChipEntry read_entry(YamlSection& s, const std::vector<GenerationEntry>& generations) {
  ChipEntry c;
  c.name = s.text("name");
  c.file = configs_directory() + "/" + s.text("file");
  c.families = read_families(s);
  c.devices = s.texts("devices");
  c.generation = s.text("generation");
  c.memory = s.text("memory");
  const auto g = std::find_if(generations.begin(), generations.end(),
                              [&](const GenerationEntry& e) { return e.name == c.generation; });
  if (g == generations.end()) {
    s.fail(s.mark_of("generation"), s.name("generation"),
           fmt::format("'{}' is not a generation of the registry's generations list",
                       printable(c.generation)));
  }
  // Evidence of its own, all four keys, or its generation's verdict.
  const NotchVerdict v = s.has("verdict") ? read_verdict(s) : g->notch;
  c.verdict_from_generation = !s.has("verdict");
  c.affected = v.affected;
  c.verdict = v.verdict;
  c.confidence = v.confidence;
  c.evidence = v.evidence;
  s.reject_unknown("docs/chips.md lists the registry's keys");
  return c;
}

struct ChipTable {
  std::vector<GenerationEntry> generations;
  std::vector<ChipEntry> chips;
};

ChipTable read_registry() {
  const std::string path = chip_registry_path();
  std::string why;
  const std::optional<std::string> text = read_regular_file(path, 1 << 20, "chip registry", why);
  if (!text) {
    throw ConfigError(
        fmt::format("{}: {} (the chip registry ships with anesim; set "
                    "ANESIM_DATA_DIR to the folder that holds configs/)",
                    path, why));
  }
  const YamlFailure fail = [](const std::string& m) { throw ConfigError(m); };
  YamlSection top = load_yaml_document(*text, path, fail);
  ChipTable r;
  for (YamlSection& s : top.items("generations", 1)) r.generations.push_back(read_generation(s));
  for (YamlSection& s : top.items("chips", 1)) {
    ChipEntry c = read_entry(s, r.generations);
    for (const ChipEntry& other : r.chips) {
      if (other.name == c.name) {
        s.fail(s.mark_of("name"), s.name("name"),
               fmt::format("chip '{}' is listed twice", printable(c.name)));
      }
    }
    r.chips.push_back(std::move(c));
  }
  top.reject_unknown("docs/chips.md lists the registry's keys");
  return r;
}

// "iPhone 15 Pro" and "iphone  15 pro" alike.
std::string device_key(const std::string& name) {
  std::string out;
  for (const char c : name) {
    if (c == ' ' || c == '\t') {
      if (!out.empty() && out.back() != ' ') out += ' ';
    } else {
      out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

}  // namespace

std::string chip_registry_path() { return configs_directory() + "/chips/registry.yaml"; }

namespace {

// The registry is read once per process and version of its file: a fleet
// question names every chip, and a compiler asks thousands.
std::shared_ptr<const ChipTable> current_registry() {
  static std::mutex mutex;
  static std::shared_ptr<const ChipTable> kept;
  static SignedFiles kept_files;
  const std::string path = chip_registry_path();
  {
    const std::lock_guard<std::mutex> lock(mutex);
    if (kept && kept_files.front().first == path && unchanged(kept_files)) return kept;
  }
  const SignedFiles files = signed_files({path});
  auto fresh = std::make_shared<const ChipTable>(read_registry());
  const std::lock_guard<std::mutex> lock(mutex);
  kept = fresh;
  kept_files = files;
  return fresh;
}

}  // namespace

std::vector<ChipEntry> chip_registry() { return current_registry()->chips; }

std::vector<GenerationEntry> chip_generations() { return current_registry()->generations; }

std::optional<ChipEntry> find_chip_by_device(const std::string& device) {
  const std::string key = device_key(device);
  for (ChipEntry& c : chip_registry()) {
    for (const std::string& d : c.devices) {
      if (device_key(d) == key) return std::move(c);
    }
  }
  return std::nullopt;
}

std::optional<std::vector<std::string>> chip_group(const std::string& name) {
  const char* family = name == "macs"      ? "Mac"
                       : name == "iphones" ? "iPhone"
                       : name == "ipads"   ? "iPad"
                                           : nullptr;
  if (family == nullptr && name != "all") return std::nullopt;
  std::vector<std::string> out;
  const std::shared_ptr<const ChipTable> r = current_registry();
  for (const ChipEntry& c : r->chips) {
    if (family == nullptr ||
        std::find(c.families.begin(), c.families.end(), family) != c.families.end()) {
      out.push_back(c.name);
    }
  }
  return out;
}

std::string chip_names() {
  std::string out;
  for (const ChipEntry& c : chip_registry()) {
    out += (out.empty() ? "" : ", ") + c.name;
  }
  return out;
}

std::optional<ChipEntry> find_chip(const std::string& name) {
  const std::shared_ptr<const ChipTable> r = current_registry();
  for (const ChipEntry& c : r->chips) {
    if (c.name == name) return c;
  }
  return std::nullopt;
}

std::string chip_config_path(const std::string& name, const std::string& field) {
  const std::optional<ChipEntry> c = find_chip(name);
  if (!c) {
    throw FieldError(field,
                     fmt::format("{}: '{}' is not a chip (known: {}; `anesim chips` lists them)",
                                 field_mark(field), printable(name), chip_names()));
  }
  return c->file;
}

}  // namespace anesim
