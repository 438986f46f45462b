// A strict reader for one YAML mapping, shared by the machine description
// and the model description readers: missing, repeated and unknown keys,
// wrong types and out-of-range values are errors naming the file, line,
// column and the field's dotted path. The reader decides which exception a
// failure becomes (ConfigError, ModelFileError, ...).
#pragma once

#include <yaml-cpp/yaml.h>

#include <cstdint>
#include <functional>
#include <set>
#include <string>
#include <vector>

namespace anesim {

// Throws the reader's own exception with `message`; never returns.
using YamlFailure = std::function<void(const std::string& message)>;

// "file:line:column" of a mark (just the file when the mark is unknown).
std::string yaml_where(const std::string& origin, const YAML::Mark& mark);

class YamlSection;

// The top-level mapping of a YAML document. Not YAML, or an empty document,
// fails through `failure` naming `origin` (and the line and column).
YamlSection load_yaml_document(const std::string& text, const std::string& origin,
                               const YamlFailure& failure);

// The same for a tree built without text (a Python dict): no line or
// column, the field's path names the place.
YamlSection yaml_document_node(const YAML::Node& root, const std::string& origin,
                               const YamlFailure& failure);

class YamlSection {
 public:
  // `path` is the mapping's dotted name ("" at the top level); `parent_mark`
  // locates a missing section.
  YamlSection(const YAML::Node& node, std::string path, const std::string& origin,
              const YAML::Mark& parent_mark, YamlFailure failure);

  bool has(const char* key) const { return static_cast<bool>(node_[key]); }
  YamlSection child(const char* key);
  // A sequence of mappings (e.g. a model's projections), at least `min_items`.
  std::vector<YamlSection> items(const char* key, size_t min_items);

  uint64_t integer(const char* key, uint64_t min, uint64_t max);
  uint64_t integer_or(const char* key, uint64_t min, uint64_t max, uint64_t fallback);
  uint32_t positive32(const char* key);
  uint32_t power_of_two(const char* key, uint64_t max);
  // A real number in [min, max] (both positive).
  double positive_real(const char* key, double min, double max);
  bool boolean(const char* key);
  bool boolean_or(const char* key, bool fallback);
  std::string text(const char* key);
  // A list of single values (`[a, b]` or one '- ' line each), at least one.
  std::vector<std::string> texts(const char* key);

  // Every key the reader did not ask for is a mistake (a typo would
  // otherwise silently keep the default). `hint` says where keys are listed.
  void reject_unknown(const std::string& hint) const;

  [[noreturn]] void fail(const YAML::Mark& mark, const std::string& field,
                         const std::string& what) const;
  [[noreturn]] void fail_at(const char* key, const std::string& what) const;
  YAML::Mark mark() const { return node_.Mark(); }
  const YAML::Node& node() const { return node_; }
  YAML::Mark mark_of(const char* key) const { return node_[key].Mark(); }
  std::string name(const char* key) const;

 private:
  YAML::Node scalar(const char* key);

  YAML::Node node_;
  std::string path_;
  std::string origin_;
  YamlFailure failure_;
  std::set<std::string> seen_;
};

}  // namespace anesim
