#include <anesim/present/bench_output.h>

#include <anesim/analysis/bench/speed_bench.h>
#include <anesim/analysis/bench/sweep_throughput.h>

namespace anesim::present {

std::string bench_text(const api::BenchOutcome& b) {
  std::string text = anesim::bench_text(b.speed);
  if (b.sweep) text += sweep_throughput_text(*b.sweep);
  return text;
}

Json bench_json(const api::BenchOutcome& b) {
  Json j = anesim::bench_json(b.speed);
  if (b.sweep) add_sweep_throughput_json(*b.sweep, j);
  return j;
}

}  // namespace anesim::present
