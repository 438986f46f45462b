// The key-value view an implementation in sim/ reads its section through
// (sim/base/config_section.h), over the strict YAML reader: the same
// checks and the same file:line:column: field messages as every other key.
#pragma once

#include <string>

#include <anesim/io/yaml_section.h>
#include <sim/base/config_section.h>

namespace anesim {

class YamlConfigSection final : public ConfigSection {
 public:
  // `section` outlives the view; the keys read count as known to its
  // reject_unknown().
  explicit YamlConfigSection(YamlSection& section, std::string path)
      : section_(section), path_(std::move(path)) {}

  std::string path() const override { return path_; }
  bool has(const char* key) const override { return section_.has(key); }
  uint64_t integer(const char* key, uint64_t min, uint64_t max) override {
    return section_.integer(key, min, max);
  }
  uint32_t positive32(const char* key) override { return section_.positive32(key); }
  double positive_real(const char* key, double min, double max) override {
    return section_.positive_real(key, min, max);
  }
  std::string text(const char* key) override { return section_.text(key); }
  [[noreturn]] void fail_at(const char* key, const std::string& what) const override {
    section_.fail_at(key, what);
  }

 private:
  YamlSection& section_;
  std::string path_;
};

}  // namespace anesim
