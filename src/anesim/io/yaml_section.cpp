#include <anesim/io/yaml_section.h>

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <map>
#include <sstream>

#include <fmt/format.h>

#include <anesim/io/text_functions.h>
#include <anesim/io/yaml_text.h>
#include <sim/base/bit_math.h>

namespace anesim {

namespace {

std::string quoted_text(const std::string& s) { return "'" + printable(s, 60) + "'"; }

}  // namespace

std::string yaml_where(const std::string& origin, const YAML::Mark& mark) {
  if (mark.line < 0) {
    return origin;
  }
  return fmt::format("{}:{}:{}", origin, mark.line + 1, mark.column + 1);
}

namespace {

// The encoding a UTF-16 or UTF-32 byte-order mark at the start of `text`
// names; "" for none.
std::string wide_encoding(const std::string& text) {
  const auto starts = [&text](const char* bytes, size_t n) {
    return text.compare(0, n, bytes, n) == 0;
  };
  if (starts("\xff\xfe\0\0", 4) || starts("\0\0\xfe\xff", 4)) return "UTF-32";
  if (starts("\xff\xfe", 2) || starts("\xfe\xff", 2)) return "UTF-16";
  return "";
}

}  // namespace

YamlSection load_yaml_document(const std::string& text, const std::string& origin,
                               const YamlFailure& failure) {
  // yaml-cpp takes a UTF-16 or UTF-32 byte-order mark and then reads
  // nothing, so such a file would be said to be empty.
  if (const std::string wide = wide_encoding(text); !wide.empty()) {
    failure(
        fmt::format("{}: the file is {} (it starts with that byte-order mark); save it as "
                    "UTF-8",
                    origin, wide));
    std::abort();
  }
  YAML::Node root;
  try {
    root = load_one_yaml_document(text);
  } catch (const YAML::Exception& e) {
    failure(fmt::format("{}: not valid YAML: {}", yaml_where(origin, e.mark), printable(e.msg)));
    std::abort();  // a YamlFailure always throws
  }
  return yaml_document_node(root, origin, failure);
}

YamlSection yaml_document_node(const YAML::Node& root, const std::string& origin,
                               const YamlFailure& failure) {
  if (!root || root.IsNull()) {
    failure(fmt::format("{}: the file is empty", origin));
    std::abort();
  }
  return YamlSection(root, "", origin, root.Mark(), failure);
}

YamlSection::YamlSection(const YAML::Node& node, std::string path, const std::string& origin,
                         const YAML::Mark& parent_mark, YamlFailure failure)
    : node_(node), path_(std::move(path)), origin_(origin), failure_(std::move(failure)) {
  if (!node_ || node_.IsNull()) {
    fail(parent_mark, path_, "missing section");
  }
  if (!node_.IsMap()) {
    fail(node_.Mark(), path_, "expected a mapping of keys to values");
  }
  // yaml-cpp keeps every copy of a repeated key and lookups return one of
  // them silently; a repeated key is almost always an editing mistake.
  std::map<std::string, YAML::Mark> keys;
  for (const auto& kv : node_) {
    if (!kv.first.IsScalar()) {
      fail(kv.first.Mark(), path_, "expected a plain key name (a scalar), got a collection");
    }
    const std::string key = kv.first.Scalar();
    const auto [it, fresh] = keys.emplace(key, kv.first.Mark());
    if (!fresh) {
      fail(kv.first.Mark(), name(key.c_str()),
           fmt::format("duplicate key (first given at line {})", it->second.line + 1));
    }
  }
}

std::string YamlSection::name(const char* key) const {
  return path_.empty() ? key : path_ + "." + key;
}

YamlSection YamlSection::child(const char* key) {
  seen_.insert(key);
  return YamlSection(node_[key], name(key), origin_, node_.Mark(), failure_);
}

std::vector<YamlSection> YamlSection::items(const char* key, size_t min_items) {
  seen_.insert(key);
  const YAML::Node list = node_[key];
  if (!list) {
    fail(node_.Mark(), name(key), "missing key");
  }
  if (!list.IsSequence()) {
    fail(list.Mark(), name(key), "expected a list (one '- ' entry per item)");
  }
  if (list.size() < min_items) {
    fail(list.Mark(), name(key), fmt::format("expected at least {} entries", min_items));
  }
  std::vector<YamlSection> out;
  for (size_t i = 0; i < list.size(); ++i) {
    out.emplace_back(list[i], fmt::format("{}[{}]", name(key), i), origin_, list.Mark(), failure_);
  }
  return out;
}

std::vector<std::string> YamlSection::texts(const char* key) {
  seen_.insert(key);
  const YAML::Node list = node_[key];
  if (!list) fail(node_.Mark(), name(key), "missing key");
  if (!list.IsSequence() || list.size() == 0) {
    fail(list.Mark(), name(key), "expected a list of one or more values");
  }
  std::vector<std::string> out;
  for (size_t i = 0; i < list.size(); ++i) {
    if (!list[i].IsScalar()) {
      fail(list[i].Mark(), fmt::format("{}[{}]", name(key), i), "expected a single value");
    }
    out.push_back(list[i].Scalar());
  }
  return out;
}

YAML::Node YamlSection::scalar(const char* key) {
  seen_.insert(key);
  const YAML::Node v = node_[key];
  if (!v) {
    fail(node_.Mark(), name(key), "missing key");
  }
  if (!v.IsScalar()) {
    fail(v.Mark(), name(key), "expected a single value");
  }
  return v;
}

uint64_t YamlSection::integer(const char* key, uint64_t min, uint64_t max) {
  const YAML::Node v = scalar(key);
  const std::string text = v.Scalar();
  errno = 0;
  char* end = nullptr;
  const bool digits = !text.empty() && text.find_first_not_of("0123456789") == std::string::npos;
  const unsigned long long n = digits ? std::strtoull(text.c_str(), &end, 10) : 0;
  if (!digits || errno == ERANGE) {
    const char* hint = !text.empty() && text[0] == '-' ? " (negative values are not allowed)"
                       : errno == ERANGE               ? " (too large for 64 bits)"
                                                       : "";
    fail(v.Mark(), name(key),
         fmt::format("expected a whole number, got {}{}", quoted_text(text), hint));
  }
  if (n < min || n > max) {
    fail(v.Mark(), name(key), fmt::format("{} is out of range (expected {}..{})", text, min, max));
  }
  return n;
}

uint64_t YamlSection::integer_or(const char* key, uint64_t min, uint64_t max, uint64_t fallback) {
  return has(key) ? integer(key, min, max) : fallback;
}

uint32_t YamlSection::positive32(const char* key) {
  return static_cast<uint32_t>(integer(key, 1, UINT32_MAX));
}

uint32_t YamlSection::power_of_two(const char* key, uint64_t max) {
  const YAML::Node v = node_[key];
  const uint64_t n = integer(key, 1, max);
  if (!is_pow2(n)) {
    fail(v.Mark(), name(key), fmt::format("{} is not a power of two", n));
  }
  return static_cast<uint32_t>(n);
}

double YamlSection::positive_real(const char* key, double min, double max) {
  const YAML::Node v = scalar(key);
  double d = 0;
  std::istringstream in(v.Scalar());
  in >> d;
  if (in.fail() || !in.eof() || !std::isfinite(d) || d <= 0) {
    fail(v.Mark(), name(key),
         fmt::format("expected a positive number, got {}", quoted_text(v.Scalar())));
  }
  if (d < min || d > max) {
    fail(v.Mark(), name(key),
         fmt::format("{} is out of range (expected {}..{})", v.Scalar(), min, max));
  }
  return d;
}

bool YamlSection::boolean(const char* key) {
  const YAML::Node v = scalar(key);
  const std::string& s = v.Scalar();
  if (s == "true") {
    return true;
  }
  if (s == "false") {
    return false;
  }
  fail(v.Mark(), name(key), fmt::format("expected true or false, got {}", quoted_text(s)));
}

bool YamlSection::boolean_or(const char* key, bool fallback) {
  return has(key) ? boolean(key) : fallback;
}

std::string YamlSection::text(const char* key) { return scalar(key).Scalar(); }

void YamlSection::reject_unknown(const std::string& hint) const {
  for (const auto& kv : node_) {
    const std::string key = kv.first.Scalar();
    if (seen_.count(key) == 0) {
      // A key merged in from an overlay has no mark of its own; its value has.
      const YAML::Mark mark = kv.first.Mark().line >= 0 ? kv.first.Mark() : kv.second.Mark();
      fail(mark, name(key.c_str()), "unknown key (" + hint + ")");
    }
  }
}

void YamlSection::fail(const YAML::Mark& mark, const std::string& field,
                       const std::string& what) const {
  failure_(fmt::format("{}: {}: {}", yaml_where(origin_, mark),
                       field.empty() ? "top level" : printable(field), what));
  std::abort();  // a YamlFailure always throws
}

void YamlSection::fail_at(const char* key, const std::string& what) const {
  fail(mark_of(key), name(key), what);
}

}  // namespace anesim
