#include <anesim/analysis/bench/sweep_throughput.h>

#include <algorithm>
#include <chrono>
#include <stdexcept>

#include <fmt/format.h>

#include <anesim/analysis/sweep/sweep_text.h>

namespace anesim {

namespace {

double run_seconds(const SweepSpec& spec, const MachineConfig& cfg, std::string& csv) {
  const auto t0 = std::chrono::steady_clock::now();
  const SweepResult r = run_sweep(spec, cfg, "");
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  csv = sweep_csv(r);
  return s;
}

}  // namespace

SweepSpec bench_sweep_spec(const std::vector<int64_t>& values, int64_t step, uint32_t cores) {
  SweepSpec spec;
  spec.axis = SweepAxis::kX;
  spec.values = values;
  spec.step = step;
  spec.laps = {1};
  spec.cores = cores;
  return spec;
}

SweepThroughput measure_sweep_throughput(SweepSpec spec, const MachineConfig& cfg) {
  // -j 1 and -j 2 alternate, twice, and the faster run of each counts: a
  // burst of other load then hurts both sides alike or neither.
  SweepThroughput t;
  std::string first, csv;
  for (int round = 0; round < 2; ++round) {
    for (unsigned jobs : {1u, 2u}) {
      spec.jobs = jobs;
      const double s = run_seconds(spec, cfg, csv);
      double& best = jobs == 1 ? t.seconds_j1 : t.seconds_j2;
      best = best == 0 ? s : std::min(best, s);
      if (first.empty()) {
        first = csv;
      } else if (csv != first) {
        throw std::runtime_error("bench --sweep: -j 1 and -j 2 gave different CSVs");
      }
    }
  }
  t.spec = spec;
  t.points = sweep_rows(spec, cfg.ane.cores).size();
  return t;
}

std::string sweep_throughput_text(const SweepThroughput& t) {
  const double p1 = t.points / t.seconds_j1, p2 = t.points / t.seconds_j2;
  std::string out = fmt::format(
      "  sweep: x {}:{}:{} at k = 1, {} cores, {} points "
      "(a child process each; best of 2 runs)\n",
      t.spec.values.front(), t.spec.values.back(), t.spec.step, t.spec.cores, t.points);
  out += fmt::format("    -j 1                                   {:8.2f} points/s  ({:.2f} s)\n",
                     p1, t.seconds_j1);
  out += fmt::format("    -j 2                                   {:8.2f} points/s  ({:.2f} s)\n",
                     p2, t.seconds_j2);
  out += fmt::format("    -j 2 / -j 1                            {:8.2f} x\n", p2 / p1);
  return out;
}

void add_sweep_throughput_json(const SweepThroughput& t, Json& j) {
  j["sweep_points"] = t.points;
  j["sweep_points_per_s_j1"] = rounded(t.points / t.seconds_j1, 3);
  j["sweep_points_per_s_j2"] = rounded(t.points / t.seconds_j2, 3);
  j["sweep_j2_over_j1"] = rounded(t.seconds_j1 / t.seconds_j2, 3);
}

}  // namespace anesim
