// Simulation results kept on disk (docs/advise.md, "The cache"): a point
// simulated once for a machine description is read back the next time any
// process asks for it. Entries live under $XDG_CACHE_HOME/anesim (default
// ~/.cache/anesim), one file per point in a folder per scope: the
// description's content hash and the model code's version, so an edited
// description or other code never reads another's results. Writes are
// atomic; an entry that does not parse or names another point is ignored
// and rewritten; a cache that cannot be written is skipped silently.
#pragma once

#include <string>
#include <vector>

#include <anesim/analysis/batch/sim_point.h>
#include <anesim/sim/base/machine_config.h>

namespace anesim {

// A short hash of `text` (64-bit FNV-1a, hex).
std::string content_hash(const std::string& text);
// "" when neither XDG_CACHE_HOME nor HOME is set.
std::string cache_directory();
// The scope of a description's entries: its content hash and kModelVersion.
std::string cache_scope(const std::string& description_text);

// simulate_points (batch_runner.h) that reads each point from the cache
// under `scope` first and stores what it simulates; `scope` "" = no cache.
std::vector<SimPointResult> simulate_points_cached(const std::vector<SimPoint>& points,
                                                   const MachineConfig& cfg,
                                                   const std::string& config_path, unsigned jobs,
                                                   const std::string& label,
                                                   const std::string& scope);

}  // namespace anesim
