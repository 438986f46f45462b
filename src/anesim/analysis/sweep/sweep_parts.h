// A sweep cut into shards (shard.h): the part file one shard writes
// (part_file.h) and the merge of all parts back into the sweep's result,
// from which sweep_output.h and sweep_plots.h give the same CSV, plots and
// FFT as the unsharded sweep.
#pragma once

#include <string>
#include <vector>

#include <anesim/analysis/batch/part_file.h>
#include <anesim/analysis/sweep/sweep.h>
#include <sim/base/machine_config.h>

namespace anesim {

// The lines that identify the sweep: its spec in canonical form (equal for
// equal sweeps however they were typed) and its machine (`spec.config`).
HeaderLines sweep_batch_lines(const SweepSpec& spec, const MachineConfig& cfg);

// The part file of a sharded run_sweep result.
std::string sweep_part(const SweepResult& r, const MachineConfig& cfg);

// The whole sweep from all its parts (one_sharding's checks, and every row
// must be the one the sweep's point gives). Rows come out in sweep order,
// bit-identical to an unsharded run. Throws InputError naming the part.
SweepResult merge_sweep_parts(const std::vector<PartFile>& parts);

}  // namespace anesim
