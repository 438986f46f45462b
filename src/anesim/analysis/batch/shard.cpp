#include <anesim/analysis/batch/shard.h>

#include <fmt/format.h>

#include <anesim/io/count_text.h>

namespace anesim {

std::optional<Shard> read_shard(const std::string& text) {
  const size_t slash = text.find('/');
  if (slash == std::string::npos) {
    return std::nullopt;
  }
  uint64_t index = 0, count = 0;
  if (read_count(text.substr(0, slash), 1, kMaxShards, index) != CountStatus::kOk ||
      read_count(text.substr(slash + 1), 1, kMaxShards, count) != CountStatus::kOk ||
      index > count) {
    return std::nullopt;
  }
  return Shard{static_cast<uint32_t>(index), static_cast<uint32_t>(count)};
}

std::string shard_text(const Shard& s) { return fmt::format("{}/{}", s.index, s.count); }

std::vector<size_t> shard_points(size_t total, const Shard& s) {
  std::vector<size_t> points;
  for (size_t p = s.index - 1; p < total; p += s.count) {
    points.push_back(p);
  }
  return points;
}

}  // namespace anesim
