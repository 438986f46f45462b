// `merge`: the part files of a sharded sweep or replay (--shard I/N) read
// and combined into the whole run's result, bit-identical to an unsharded
// run; src/anesim/present/ writes its table, CSV and plots.
#pragma once

#include <string>
#include <vector>

#include <anesim/analysis/batch/part_file.h>
#include <anesim/analysis/replay/replay.h>
#include <anesim/analysis/sweep/sweep.h>

namespace anesim::api {

// Every part read and checked on its own (InputError naming the file);
// PartFile::kind says whose parts they are ("sweep" or "replay").
std::vector<PartFile> read_parts(const std::vector<std::string>& paths);

// The whole sweep or replay from all its parts (InputError naming a part
// that does not fit).
SweepResult merge_sweep(const std::vector<PartFile>& parts);
ReplayResult merge_replay(const std::vector<PartFile>& parts);

}  // namespace anesim::api
