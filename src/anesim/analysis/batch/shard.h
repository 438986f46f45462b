// Shards: a batch's points (a sweep's or a replay's, in their usual order)
// cut into N deterministic, disjoint, near-equal parts, so that N processes
// (a Slurm job array, docs/slurm.md) can run them and `anesim merge` can put
// the rows back together.
//
// The cut is round-robin by point index: point p (0-based, in the order the
// unsharded batch runs and prints its points) belongs to shard (p mod N) + 1.
// Shard sizes differ by at most one, and each shard takes points from the
// whole range, so a sweep whose points get slower along its axis still
// splits into shards of about equal run time.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace anesim {

// The most shards a batch may be cut into.
constexpr uint32_t kMaxShards = 100000;

struct Shard {
  uint32_t index = 1;  // 1 .. count
  uint32_t count = 1;
  bool whole() const { return count == 1; }
};

// "I/N" (counts as anesim reads them, 1 <= I <= N <= kMaxShards); nothing
// when `text` is not such a pair.
std::optional<Shard> read_shard(const std::string& text);
std::string shard_text(const Shard& s);  // "I/N"

// True when point `point` belongs to shard `s`.
inline bool in_shard(size_t point, const Shard& s) { return point % s.count + 1 == s.index; }
// The points of `s` among `total`, ascending.
std::vector<size_t> shard_points(size_t total, const Shard& s);

}  // namespace anesim
