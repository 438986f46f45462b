#include <anesim/machine/chip_registry.h>

#include <fmt/format.h>

#include <anesim/io/data_directory.h>
#include <anesim/io/errors.h>
#include <anesim/io/text_file.h>
#include <anesim/io/text_functions.h>
#include <anesim/io/yaml_section.h>

namespace anesim {

namespace {

std::string configs_directory() {
  const std::string root = data_directory();
  return (root.empty() ? std::string("share/anesim") : root) + "/configs";
}

ChipEntry read_entry(YamlSection& s) {
  ChipEntry c;
  c.name = s.text("name");
  c.file = configs_directory() + "/" + s.text("file");
  c.generation = s.text("generation");
  c.memory = s.text("memory");
  c.verdict = s.text("verdict");
  const std::string affected = s.text("affected");
  if (affected == "true" || affected == "false") {
    c.affected = affected == "true";
  } else if (affected != "unknown") {
    s.fail(s.mark_of("affected"), s.name("affected"),
           fmt::format("expected true, false or unknown, got '{}'", printable(affected)));
  }
  c.confidence = s.text("confidence");
  c.evidence = s.text("evidence");
  s.reject_unknown("docs/chips.md lists the registry's keys");
  return c;
}

}  // namespace

std::string chip_registry_path() { return configs_directory() + "/chips/registry.yaml"; }

std::vector<ChipEntry> chip_registry() {
  const std::string path = chip_registry_path();
  std::string why;
  const std::optional<std::string> text = read_text_file(path, 1 << 20, "chip registry", why);
  if (!text) {
    throw ConfigError(
        fmt::format("{}: {} (the chip registry ships with anesim; set "
                    "ANESIM_DATA_DIR to the folder that holds configs/)",
                    path, why));
  }
  const YamlFailure fail = [](const std::string& m) { throw ConfigError(m); };
  YamlSection top = load_yaml_document(*text, path, fail);
  std::vector<ChipEntry> out;
  for (YamlSection& s : top.items("chips", 1)) {
    out.push_back(read_entry(s));
  }
  top.reject_unknown("docs/chips.md lists the registry's keys");
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
  for (ChipEntry& c : chip_registry()) {
    if (c.name == name) {
      return std::move(c);
    }
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
