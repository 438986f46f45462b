#include <anesim/present/sweep_output.h>

#include <cstdio>

#include <fmt/format.h>

#include <anesim/analysis/sweep/sweep_parts.h>
#include <anesim/io/atomic_output.h>

namespace anesim::present {

namespace {

void write_shard(const api::SweepOutcome& s) {
  const SweepResult& res = s.result;
  write_file_atomically(s.outputs.csv, sweep_part(res, s.machine));
  const std::string note =
      fmt::format("anesim sweep: shard {}, {} of {} points of {} over {} values -> {}\n",
                  shard_text(res.shard), res.rows.size(), res.total_points,
                  axis_name(res.spec.axis), res.spec.values.size(), s.outputs.csv);
  std::fputs(note.c_str(), stdout);
}

}  // namespace

void write_sweep(const api::SweepOutcome& s) {
  switch (s.kind) {
    case api::SweepKind::kWhole:
      write_sweep_outputs(s.result, s.outputs);
      return;
    case api::SweepKind::kShard:
      write_shard(s);
      return;
    case api::SweepKind::kSlurm:
      std::fputs(write_slurm_scripts(s.slurm).c_str(), stdout);
      return;
  }
}

}  // namespace anesim::present
