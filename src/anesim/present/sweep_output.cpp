#include <anesim/present/sweep_output.h>

#include <cstdio>

#include <fmt/format.h>

#include <anesim/analysis/sweep/sweep_parts.h>
#include <anesim/io/atomic_output.h>
// Marked keep: variant_name, in a row of sweep_columns_keys.def, which IWYU
// does not see.
#include <sim/ring/ring_variant.h>  // IWYU pragma: keep

namespace anesim::present {

namespace {

// The CSV's columns, one entry per point.
Json columns_json(const SweepResult& r) {
  Json c = Json::object();
  // Each column as sweep_columns_keys.def declares it, in its order.
#define ANESIM_RESULT_KEY(key, ...) c[#key] = Json::array();
#include <anesim/present/sweep_columns_keys.def>
#undef ANESIM_RESULT_KEY
  for (const SweepRow& row : r.rows) {
    const SimPointResult& s = row.result;
#define ANESIM_RESULT_KEY(key, type, when, value, ...) \
  if (when) c[#key].push_back(value);
#include <anesim/present/sweep_columns_keys.def>
#undef ANESIM_RESULT_KEY
  }
  return c;
}

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

Json sweep_columns_json(const SweepResult& r) {
  Json j;
  // Each key as sweep_json_keys.def declares it, in its order.
#define ANESIM_RESULT_KEY(key, type, when, value, ...) \
  if (when) j[#key] = value;
#include <anesim/present/sweep_json_keys.def>
#undef ANESIM_RESULT_KEY
  return j;
}

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
