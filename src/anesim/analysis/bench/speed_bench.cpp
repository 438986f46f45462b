#include <anesim/analysis/bench/speed_bench.h>

#include <verilated.h>

#include <algorithm>
#include <chrono>
#include <memory>
#include <stdexcept>
#include <vector>

#include <fmt/format.h>

#include <anesim/analysis/bench/sc_clock_reference.h>
#include <anesim/io/child_processes.h>
#include <sim/core/workload.h>
#include <sim/ring/geometry.h>
#include <sim/ring/prefetch_ring.h>
#include <sim/ring/ring_variant.h>
#include <sim/top/cluster.h>
#include <sim/top/simulate.h>

namespace anesim {

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

// The 16 rings with the thinnest possible environment: every request is
// accepted at once and its line retired on the next cycle; a finished ring
// gets its task again. Every ring is clocked every cycle. Counts the retired
// lines into `retired`.
double bare_rings_seconds(RingVariant variant, uint32_t cores, const Task& task, uint64_t cycles,
                          uint64_t& retired) {
  VerilatedContext context;
  context.fatalOnError(false);
  std::vector<std::unique_ptr<PrefetchRing>> rings;
  for (uint32_t c = 0; c < cores; ++c) {
    rings.push_back(make_ring(variant, &context, fmt::format("core{:02d}", c)));
  }
  const Clock::time_point t0 = Clock::now();
  for (uint64_t cycle = 0; cycle < cycles; ++cycle) {
    for (auto& ring : rings) {
      const RingOutputs& o = ring->outputs();
      RingInputs in;
      in.task_valid = !o.busy;
      in.task_start_line = task.start_line;
      in.task_lines = task.lines;
      in.req_ready = o.req_valid;
      in.line_retired = o.busy && o.lines_issued != o.lines_retired;
      retired += in.line_retired;
      ring->clock(in);
    }
  }
  return seconds_since(t0);
}

// The wall seconds of `anesim --variant V --lines N` in a child process (a
// process runs one SystemC simulation), as a user runs it; `lines_total`
// gets its lines on all cores.
double command_seconds(const MachineConfig& cfg, RingVariant variant, uint32_t lines,
                       uint64_t* lines_total) {
  std::vector<std::string> command = {self_executable(),     "--variant",
                                      variant_name(variant), "--lines",
                                      std::to_string(lines), "--json"};
  if (cfg.source.rfind("<built-in", 0) != 0) {
    command.insert(command.end(), {"--config", cfg.source});
  }
  const Clock::time_point t0 = Clock::now();
  const ChildResult c = run_children({command}, 1, {}).at(0);
  const double s = seconds_since(t0);
  if (c.exit_code != 0) {
    throw std::runtime_error(fmt::format("bench: {} {} --lines {} failed (exit {}): {}", command[0],
                                         variant_name(variant), lines, c.exit_code, c.err));
  }
  const Json j = Json::parse(c.out);
  *lines_total = j.at("cores").get<uint64_t>() * j.at("lines_per_core").get<uint64_t>();
  return s;
}

}  // namespace

BenchResult measure_speed(const MachineConfig& cfg, RingVariant variant, uint32_t lines_per_core,
                          uint32_t stream_lines_per_core, bool sc_clock_reference) {
  Workload w;
  w.cores = cfg.ane.cores;
  w.lines_per_core = lines_per_core;
  BenchResult b;
  b.variant = variant;
  b.cores = w.cores;
  b.lines_per_core = lines_per_core;
  RunSpec spec;
  spec.variant = variant;
  spec.tasks = build_tasks(w);

  // 1. The full testbench under SystemC, as `anesim` runs it. Cycles count
  //    simulated time, including the cycles skipped as idle.
  Clock::time_point t0 = Clock::now();
  b.outcome = simulate(cfg, spec);
  b.testbench_s = seconds_since(t0);
  const uint64_t cycles = b.outcome.result.sim_cycles;
  b.sim_cycles = cycles;

  // 2. The same cluster without SystemC, every ring clocked every cycle:
  //    the testbench's own cost per cycle, without the skipping's savings.
  spec.skip_idle = false;
  t0 = Clock::now();
  {
    Cluster cluster(cfg, spec);
    cluster.run_until(cfg.sim.max_cycles);
  }
  b.all_clocked_s = seconds_since(t0);

  // 3. The memory couplings (docs/systemc.md), interleaved, best of two.
  spec.skip_idle = true;
  b.direct_s = b.tlm_s = 1e300;
  for (int round = 0; round < 2; ++round) {
    for (MemoryCoupling m : {MemoryCoupling::kBuiltin, MemoryCoupling::kTlm}) {
      spec.memory = m;
      t0 = Clock::now();
      Cluster cluster(cfg, spec);
      cluster.run_until(cfg.sim.max_cycles);
      double& best = m == MemoryCoupling::kTlm ? b.tlm_s : b.direct_s;
      best = std::min(best, seconds_since(t0));
    }
  }

  // 4. The bare rings for the same number of cycles.
  b.bare_rings_s = bare_rings_seconds(variant, w.cores, spec.tasks[0][0], cycles, b.lines_retired);

  // 5. The same rings the usual SystemC way, in a child process.
  if (sc_clock_reference) {
    const ScClockTiming sc = measure_sc_clock_rings(variant, w.cores, spec.tasks[0][0], cycles);
    if (sc.lines_retired != b.lines_retired) {
      throw std::runtime_error(fmt::format(
          "bench: the sc_clock reference retired {} lines, the bare rings {} in {} cycles",
          sc.lines_retired, b.lines_retired, cycles));
    }
    b.sc_clock_s = sc.seconds;
  }

  // 6. The main job, and the streaming fix run.
  uint64_t main_lines = 0;
  b.main_job_s = command_seconds(cfg, RingVariant::kBug, kRingLines, &main_lines);
  if (stream_lines_per_core != 0) {
    b.stream_lines_per_core = stream_lines_per_core;
    b.stream_s = command_seconds(cfg, RingVariant::kFix, stream_lines_per_core, &b.stream_lines);
  }
  return b;
}

std::string bench_text(const BenchResult& b) {
  std::string out =
      fmt::format("anesim bench: variant {}, {} cores x {} lines, {} simulated cycles\n",
                  variant_name(b.variant), b.cores, b.lines_per_core, b.sim_cycles);
  out += fmt::format("  full testbench (SystemC, idle skipping)  {:8.3f} Mcycles/s  ({:.2f} s)\n",
                     b.mcycles_per_s(b.testbench_s), b.testbench_s);
  out += fmt::format("  cluster, no SystemC, every ring clocked  {:8.3f} Mcycles/s  ({:.2f} s)\n",
                     b.mcycles_per_s(b.all_clocked_s), b.all_clocked_s);
  out += fmt::format("  bare Verilated rings (16, C++ loop)      {:8.3f} Mcycles/s  ({:.2f} s)\n",
                     b.mcycles_per_s(b.bare_rings_s), b.bare_rings_s);
  if (b.sc_clock_s > 0) {
    out += fmt::format("  rings via sc_signal, sc_clock, SC_METHOD {:8.3f} Mcycles/s  ({:.2f} s)\n",
                       b.mcycles_per_s(b.sc_clock_s), b.sc_clock_s);
  }
  out += fmt::format("  testbench / bare rings                   {:8.2f} x\n",
                     b.bare_rings_s / b.testbench_s);
  out +=
      fmt::format("  memory via TLM-2.0 / direct calls        {:8.2f} x\n", b.direct_s / b.tlm_s);
  if (b.sc_clock_s > 0) {
    out += fmt::format("  testbench / sc_clock reference           {:8.2f} x\n",
                       b.sc_clock_s / b.testbench_s);
  }
  out +=
      fmt::format("  main job (bug, {} cores x 0x4000 lines)  {:8.3f} s\n", b.cores, b.main_job_s);
  if (b.stream_s > 0) {
    out += fmt::format("  streaming fix run ({} cores x {:#x})  {:8.3f} M lines/s  ({:.2f} s)\n",
                       b.cores, b.stream_lines_per_core, b.stream_lines / b.stream_s / 1e6,
                       b.stream_s);
  }
  return out;
}

Json bench_json(const BenchResult& b) {
  Json j;
  j["variant"] = variant_name(b.variant);
  j["cores"] = b.cores;
  j["lines_per_core"] = b.lines_per_core;
  j["sim_cycles"] = b.sim_cycles;
  j["testbench_mcycles_per_s"] = rounded(b.mcycles_per_s(b.testbench_s), 3);
  j["cluster_all_clocked_mcycles_per_s"] = rounded(b.mcycles_per_s(b.all_clocked_s), 3);
  j["bare_rings_mcycles_per_s"] = rounded(b.mcycles_per_s(b.bare_rings_s), 3);
  j["testbench_over_bare"] = rounded(b.bare_rings_s / b.testbench_s, 3);
  j["tlm_over_direct"] = rounded(b.direct_s / b.tlm_s, 3);
  if (b.sc_clock_s > 0) {
    j["sc_clock_mcycles_per_s"] = rounded(b.mcycles_per_s(b.sc_clock_s), 3);
    j["testbench_over_sc_clock"] = rounded(b.sc_clock_s / b.testbench_s, 3);
  }
  j["main_job_s"] = rounded(b.main_job_s, 3);
  if (b.stream_s > 0) {
    j["stream_lines_per_core"] = b.stream_lines_per_core;
    j["lines_per_s"] = rounded(b.stream_lines / b.stream_s, 0);
  }
  return j;
}

}  // namespace anesim
