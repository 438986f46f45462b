// Split files and a trace record's inline splits, read against a model.
#include <anesim/analysis/decode/split_file.h>

#include <algorithm>
#include <optional>

#include <fmt/format.h>

#include <anesim/io/errors.h>
#include <anesim/io/text_file.h>
#include <anesim/io/text_functions.h>
#include <anesim/io/yaml_section.h>

namespace anesim {

namespace {

constexpr size_t kMaxSplitFileBytes = size_t{1} << 20;

// The transfers a policy may name, with the smallest Cin of each name.
std::vector<std::pair<std::string, uint64_t>> splittable(const ModelDescription& m) {
  std::vector<std::pair<std::string, uint64_t>> out;
  for (const Projection& p : m.projections) {
    out.emplace_back(p.name, p.cin);
  }
  if (m.lm_head_streamed) out.emplace_back("lm_head", m.lm_head_cin);
  if (m.embedding_streamed) out.emplace_back("embedding", m.embedding_dim);
  return out;
}

std::string names_text(const ModelDescription& m) {
  std::string s;
  for (const auto& [name, cin] : splittable(m)) {
    s += (s.empty() ? "" : ", ") + name;
  }
  return s;
}

std::optional<uint64_t> cin_of(const ModelDescription& m, const std::string& name) {
  for (const auto& [n, cin] : splittable(m)) {
    if (n == name) return cin;
  }
  return std::nullopt;
}

}  // namespace

SplitPolicy read_split_file(const std::string& path, const ModelDescription& m) {
  std::string why;
  const std::optional<std::string> text =
      read_text_file(path, kMaxSplitFileBytes, "split file", why);
  if (!text) {
    throw InputError(fmt::format("{}: {}", printable_whole(path), why));
  }
  return parse_split_file(*text, path, m);
}

SplitPolicy parse_split_file(const std::string& text, const std::string& path,
                             const ModelDescription& m) {
  const YamlFailure fail = [](const std::string& message) { throw InputError(message); };
  YamlSection top = load_yaml_document(text, path, fail);
  SplitPolicy policy;
  policy.label = path;
  for (const auto& [name, cin] : splittable(m)) {
    if (!top.has(name.c_str())) continue;
    const uint64_t limit = std::min<uint64_t>(kMaxStepSplit, cin);
    policy.chunks[name] = static_cast<uint32_t>(top.integer(name.c_str(), 1, limit));
  }
  top.reject_unknown(
      fmt::format("the keys are the projections of {}: {}", m.display_name, names_text(m)));
  return policy;
}

SplitPolicy parse_inline_splits(const std::string& text, const ModelDescription& m,
                                const std::string& where) {
  SplitPolicy policy;
  policy.label = text;
  for (const std::string& item : split_text(text, ';')) {
    const size_t eq = item.find('=');
    const std::string name = item.substr(0, eq);
    const std::optional<uint64_t> cin = cin_of(m, name);
    if (eq == std::string::npos || !cin) {
      throw InputError(fmt::format(
          "{}: '{}' is not PROJECTION=CHUNKS with a projection of {} ({}); or none, advised", where,
          printable(item, 60), m.display_name, names_text(m)));
    }
    const std::string count = item.substr(eq + 1);
    const uint64_t limit = std::min<uint64_t>(kMaxStepSplit, *cin);
    uint64_t n = 0;
    if (count.empty() || count.size() > 4 ||
        count.find_first_not_of("0123456789") != std::string::npos ||
        (n = std::stoull(count)) < 1 || n > limit) {
      throw InputError(fmt::format("{}: {}: '{}' is not a chunk count (expected 1..{})", where,
                                   name, printable(count, 40), limit));
    }
    if (policy.chunks.count(name) != 0) {
      throw InputError(fmt::format("{}: {} is given twice", where, name));
    }
    policy.chunks[name] = static_cast<uint32_t>(n);
  }
  return policy;
}

}  // namespace anesim
