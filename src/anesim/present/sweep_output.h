// A sweep as its user gets it, from api::sweep's outcome: the whole
// sweep's table (and FFT) on stdout with its CSV and plots, one shard's
// part file, or the Slurm scripts, each with its note on stdout.
#pragma once

#include <anesim/io/json.h>

#include <anesim/analysis/sweep/sweep_outputs.h>
#include <anesim/api/sweep.h>

namespace anesim::present {

// A sweep's rows as columns, one array per CSV column (sweep_csv_columns),
// with the axis, the machine's name and its cores: Python's sweep().
Json sweep_columns_json(const SweepResult& r);

// Prints and writes what `s` gives (the files all or none).
void write_sweep(const api::SweepOutcome& s);

// A whole sweep's table, FFT, CSV and plots, for `sweep` and `merge`
// (src/anesim/analysis/sweep/sweep_outputs.h).
using anesim::write_sweep_outputs;

}  // namespace anesim::present
