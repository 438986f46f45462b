// One entry of the on-disk result cache (result_cache.h) as text: the point
// it answers, the simulation's report, and a checksum over the report; and
// the checks an entry must pass before it is used (also the fuzz target's).
#pragma once

#include <string>

#include <anesim/analysis/batch/sim_point.h>
#include <sim/base/machine_config.h>

namespace anesim {

// The entry for `point` (point_request_json text) and its result `r`.
std::string cache_entry_text(const std::string& point, const SimPointResult& r);
// Whether `text` is a trustworthy entry for `point` on `cfg`: it parses,
// names `point`, matches its checksum, and is physically possible (a
// positive, finite time no shorter than its bytes take at the memory's peak,
// a throughput at most that peak). Fills `out` when it is.
bool parse_cache_entry(const std::string& text, const std::string& point, const SimPoint& p,
                       const MachineConfig& cfg, SimPointResult& out);

}  // namespace anesim
