// Batch scripts that run one sweep on Slurm (docs/slurm.md): a job array
// with one shard per task (shard.h), a merge job that waits for every
// shard (afterok), and a script that submits both. Slurm schedules; anesim
// only cuts, runs and merges.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <anesim/analysis/sweep/sweep.h>
#include <anesim/analysis/sweep/sweep_outputs.h>

namespace anesim {

struct SlurmSweep {
  std::string dir;  // where the scripts go; parts/ and logs/ below it
  uint32_t shards = 1;
  std::string anesim;    // the anesim binary the jobs run
  SweepSpec spec;        // the sweep (spec.jobs: CPUs per shard task)
  SweepOutputs outputs;  // what the merge writes (csv "" = DIR/sweep.csv)
};

// `anesim sweep` options that give exactly `spec` (without -j and outputs).
std::vector<std::string> sweep_arguments(const SweepSpec& spec);

// DIR as an absolute path; throws FieldError (slurm_script) when it has
// characters an #SBATCH line cannot carry.
std::string slurm_directory(const std::string& dir);

// Writes DIR/shard.sbatch, DIR/merge.sbatch and DIR/submit.sh, creating DIR,
// DIR/parts and DIR/logs. Every path in them is made absolute. Throws
// slurm_directory's FieldError, and OutputError when it cannot write. Returns a note for the user.
std::string write_slurm_scripts(const SlurmSweep& s);

}  // namespace anesim
