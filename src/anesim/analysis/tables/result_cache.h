// Simulation results kept on disk (docs/advise.md, "The cache"): a point
// simulated once for a machine description is read back the next time any
// process asks for it. Entries live under $XDG_CACHE_HOME/anesim (default
// ~/.cache/anesim), one file per point in a folder per scope: the merged
// description's hash and the model code's version, so an edited description
// (or any base it stands on) or other code never reads another's results.
//
// An entry is trusted only when it proves it: a regular file of at most
// kMaxCacheEntryBytes, naming its point, carrying a checksum over its
// numbers, and physically possible for the description (a positive, finite
// time no shorter than its bytes take at the memory's peak). Anything else
// is recomputed and rewritten. Writes are atomic; a cache that cannot be
// written is skipped. After each write the whole cache is held under its
// limit (ANESIM_CACHE_LIMIT_MB, default 256) by removing the oldest scopes
// first, then the oldest entries.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <anesim/analysis/batch/sim_point.h>
#include <sim/base/machine_config.h>

namespace anesim {

constexpr size_t kMaxCacheEntryBytes = 1u << 20;
constexpr uint64_t kDefaultCacheLimitMb = 256;

// The hash a description's derived data is keyed by: of its merged text
// (merged_description_text), read from `origin` ("" = built-in). Kept per
// process and re-derived when a base file's size or time changes.
std::string description_hash(const std::string& text, const std::string& origin);
// "" when neither XDG_CACHE_HOME nor HOME is set.
std::string cache_directory();
// The scope of a description's entries: description_hash and kModelVersion.
std::string cache_scope(const std::string& description_text, const std::string& origin);
// The cache's size limit in bytes (ANESIM_CACHE_LIMIT_MB; a bad value is
// refused by check_cache_limit).
uint64_t cache_limit_bytes();
// Throws UsageError naming ANESIM_CACHE_LIMIT_MB for a value that is not a
// whole number of MiB from 1 to 1048576.
void check_cache_limit();

// What `anesim cache` shows.
struct CacheSummary {
  std::string directory;  // "" = no cache (no HOME)
  uint64_t limit_bytes = 0, bytes = 0, entries = 0;
  struct Scope {
    std::string name;
    uint64_t bytes = 0, entries = 0;
    bool current_model = false;  // made by this build's model code
  };
  std::vector<Scope> scopes;  // oldest first
};
CacheSummary cache_summary();
// Removes every scope folder and entry anesim wrote (nothing else); returns
// the bytes freed.
uint64_t clear_cache();
// Removes the oldest scopes, then the oldest entries of `keep_scope`, until
// the cache is at most `limit` bytes.
void evict_cache_to(uint64_t limit, const std::string& keep_scope);

// simulate_points (batch_runner.h) that reads each point from the cache
// under `scope` first and stores what it simulates; `scope` "" = no cache.
std::vector<SimPointResult> simulate_points_cached(const std::vector<SimPoint>& points,
                                                   const MachineConfig& cfg,
                                                   const std::string& config_path, unsigned jobs,
                                                   const std::string& label,
                                                   const std::string& scope);

}  // namespace anesim
