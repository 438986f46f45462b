#include <anesim/model/dtype_rules.h>

#include <optional>

namespace anesim {

bool name_matches(const std::string& pattern, const std::string& name) {
  // Iterative glob with one backtrack point: linear in practice, and no
  // recursion for a hostile pattern of many stars.
  size_t p = 0, n = 0;
  std::optional<size_t> star;
  size_t star_n = 0;
  while (n < name.size()) {
    if (p < pattern.size() && (pattern[p] == '?' || pattern[p] == name[n])) {
      ++p;
      ++n;
    } else if (p < pattern.size() && pattern[p] == '*') {
      star = p++;
      star_n = n;
    } else if (star) {
      p = *star + 1;
      n = ++star_n;
    } else {
      return false;
    }
  }
  while (p < pattern.size() && pattern[p] == '*') ++p;
  return p == pattern.size();
}

std::vector<std::string> apply_dtype_rules(ModelDescription& m,
                                           const std::vector<DtypeRule>& rules) {
  std::vector<bool> used(rules.size(), false);
  auto format_of = [&](const std::string& name) -> std::optional<Dtype> {
    for (size_t i = 0; i < rules.size(); ++i) {
      if (name_matches(rules[i].pattern, name)) {
        used[i] = true;
        return rules[i].dtype;
      }
    }
    return std::nullopt;
  };
  for (Projection& p : m.projections) {
    if (const auto d = format_of(p.name)) p.format.dtype = *d;
  }
  if (m.lm_head_streamed && m.streams.empty()) {
    if (const auto d = format_of("lm_head")) m.lm_head_dtype = *d;
  }
  for (WeightStream& w : m.streams) {
    if (const auto d = format_of(w.name)) w.dtype = *d;
  }
  for (const DtypeRule& r : rules) {
    if (r.pattern == "*") {
      m.dtype = r.dtype;
      m.element_bytes = dtype_bits(r.dtype) % 8 == 0 ? dtype_bits(r.dtype) / 8 : 0;
      break;
    }
  }
  std::vector<std::string> unused;
  for (size_t i = 0; i < rules.size(); ++i) {
    if (!used[i]) unused.push_back(rules[i].pattern);
  }
  return unused;
}

}  // namespace anesim
