// A replay cut into shards (shard.h): the part file one shard writes
// (part_file.h) and the merge of all parts back into the replay's result,
// from which replay.h's presentations give the same CSV, table and plot as
// the unsharded replay.
#pragma once

#include <string>
#include <vector>

#include <anesim/analysis/batch/part_file.h>
#include <anesim/analysis/replay/replay.h>
#include <sim/base/machine_config.h>

namespace anesim {

// The part file of a sharded replay_traces result over `traces` on the
// machine `cfg` read from `config_path` ("" for the built-in one).
std::string replay_part(const ReplayResult& r, const std::vector<Trace>& traces,
                        const MachineConfig& cfg, const std::string& config_path);

// The whole replay from all its parts; rows in record order, bit-identical
// to an unsharded run. Throws InputError naming the part.
ReplayResult merge_replay_parts(const std::vector<PartFile>& parts);

}  // namespace anesim
