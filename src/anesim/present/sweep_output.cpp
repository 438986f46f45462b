#include <anesim/present/sweep_output.h>

#include <cstdio>

#include <fmt/format.h>

#include <anesim/analysis/sweep/sweep_parts.h>
#include <anesim/io/atomic_output.h>
#include <sim/ring/ring_variant.h>

namespace anesim::present {

Json sweep_columns_json(const SweepResult& r) {
  Json c = Json::object();
  for (const char* name :
       {"value", "variant", "k", "x", "cin", "cout", "lines_per_core", "cores", "split",
        "base_line", "time_us", "gbps", "ane_gbps", "lines_prefetched", "lines_demand", "notch"}) {
    c[name] = Json::array();
  }
  for (const SweepRow& row : r.rows) {
    const SimPointResult& s = row.result;
    c["value"].push_back(row.value);
    c["variant"].push_back(variant_name(row.variant));
    c["k"].push_back(s.k);
    c["x"].push_back(s.x);
    c["cin"].push_back(row.cin);
    c["cout"].push_back(row.cout);
    c["lines_per_core"].push_back(row.point.lines_per_core);
    c["cores"].push_back(row.point.cores);
    c["split"].push_back(row.point.split);
    c["base_line"].push_back(row.point.base_line);
    c["time_us"].push_back(s.time_us);
    c["gbps"].push_back(s.gbps);
    c["ane_gbps"].push_back(row.ane_gbps);
    c["lines_prefetched"].push_back(s.lines_prefetched);
    c["lines_demand"].push_back(s.lines_demand);
    c["notch"].push_back(s.notch);
  }
  return {{"axis", axis_name(r.spec.axis)},
          {"config", r.config_name},
          {"ane_cores", r.ane_cores},
          {"columns", c}};
}

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
