#include <anesim/api/declared_inputs.h>
#include <anesim/api/run.h>

#include <numeric>

#include <fmt/format.h>

#include <anesim/analysis/run/run_failures.h>
#include <anesim/api/request_checks.h>
#include <anesim/io/atomic_output.h>
#include <anesim/io/count_text.h>
#include <anesim/io/errors.h>
#include <anesim/io/gnuplot_plot.h>
#include <anesim/io/output_set.h>
#include <anesim/io/path_identity.h>
#include <sim/memory/memory_targets.h>

namespace anesim::api {

namespace {

constexpr uint64_t kDefaultWaveCycles = 20000;

std::string mark(const char* field) { return field_mark(field); }

[[noreturn]] void needs(const char* field, const std::string& what) {
  throw FieldError(
      field, fmt::format("{}: no {} requested (add {})", mark(field), what,
                         what == "waveform" ? mark("vcd") + " FILE or " + mark("fst") + " FILE"
                                            : mark("line_log") + " FILE.csv"));
}

// The machine a run uses, with max_cycles; it must fit SystemC's 64-bit time.
MachineConfig run_machine(const RunRequest& r) {
  MachineConfig cfg = load_machine(r.machine);
  if (r.max_cycles) {
    check_count_field(*r.max_cycles, "max_cycles", 1, UINT64_MAX);
    cfg.sim.max_cycles = *r.max_cycles;
    if (cfg.cycles_to_ns(cfg.sim.max_cycles) * 1000.0 > 1.8e19) {
      throw FieldError("max_cycles",
                       fmt::format("{}: {} cycles do not fit SystemC's 64-bit time",
                                   mark("max_cycles"), value_mark()),
                       std::to_string(*r.max_cycles));
    }
  }
  return cfg;
}

// The tasks: split, or explicit lengths that add up to the transfer.
void check_tasks(const RunRequest& r, Workload& w) {
  check_count_field(r.split, "split", 1, w.lines_per_core);
  w.split = static_cast<uint32_t>(r.split);
  if (r.task_lines.empty()) {
    return;
  }
  if (r.split != 1) {
    throw FieldError("task_lines", fmt::format("{} and {} both set the tasks: give one of them",
                                               mark("task_lines"), mark("split")));
  }
  for (size_t i = 0; i < r.task_lines.size(); ++i) {
    check_count_field(r.task_lines[i], "task_lines", 1, UINT32_MAX, static_cast<long>(i));
    w.task_lines.push_back(static_cast<uint32_t>(r.task_lines[i]));
  }
  const uint64_t sum = std::accumulate(r.task_lines.begin(), r.task_lines.end(), uint64_t{0});
  if (sum != w.lines_per_core) {
    throw FieldError("task_lines",
                     fmt::format("{}: the tasks add up to {} lines, but each core moves {} ({} or "
                                 "{}/{})",
                                 mark("task_lines"), sum, w.lines_per_core, mark("lines"),
                                 mark("cin"), mark("cout")));
  }
  w.split = static_cast<uint32_t>(w.task_lines.size());
}

// A decode step's ops (one count per task) and programs (task indices from
// 1, increasing; docs/decode.md).
void check_step(const RunRequest& r, Workload& w) {
  const size_t tasks = task_lengths(w).size();
  if (!r.task_ops.empty()) {
    for (size_t i = 0; i < r.task_ops.size(); ++i) {
      check_count_field(r.task_ops[i], "task_ops", 0, UINT32_MAX, static_cast<long>(i));
      w.task_ops.push_back(static_cast<uint32_t>(r.task_ops[i]));
    }
    if (w.task_ops.size() != tasks) {
      throw FieldError("task_ops", fmt::format("{}: {} counts for {} tasks: give one per task",
                                               mark("task_ops"), w.task_ops.size(), tasks));
    }
  }
  // Gaps move each task's start; a core's slice (tasks and gaps) stays a
  // 32-bit line count, as the descriptors hold it.
  uint64_t slice = w.lines_per_core;
  for (size_t i = 0; i < r.task_gaps.size(); ++i) {
    check_count_field(r.task_gaps[i], "task_gaps", 0, UINT32_MAX, static_cast<long>(i));
    slice += r.task_gaps[i];
    w.task_gaps.push_back(static_cast<uint32_t>(r.task_gaps[i]));
  }
  if (!w.task_gaps.empty() && w.task_gaps.size() != tasks) {
    throw FieldError("task_gaps", fmt::format("{}: {} counts for {} tasks: give one per task",
                                              mark("task_gaps"), w.task_gaps.size(), tasks));
  }
  if (slice > UINT32_MAX) {
    throw FieldError("task_gaps", fmt::format("{}: each core's slice, {} lines with the gaps, "
                                              "does not fit 32 bits",
                                              mark("task_gaps"), slice));
  }
  for (size_t i = 0; i < r.program_starts.size(); ++i) {
    check_count_field(r.program_starts[i], "program_starts", 1, tasks - 1, static_cast<long>(i));
    if (i > 0 && r.program_starts[i] <= r.program_starts[i - 1]) {
      throw FieldError("program_starts",
                       mark("program_starts") + ": the task indices must increase");
    }
    w.program_starts.push_back(static_cast<uint32_t>(r.program_starts[i]));
  }
}

// The waveform window (from the first task's dispatch by default) and the
// line log's; output paths are checked before simulating.
void check_outputs(const RunRequest& r, const MachineConfig& cfg, anesim::RunRequest& run) {
  run.vcd_path = r.vcd;
  run.fst_path = r.fst;
  if (!r.vcd.empty() || !r.fst.empty()) {
    const uint64_t first_task =
        uint64_t{cfg.ane.launch_overhead_cycles} + cfg.ane.task_dispatch_cycles;
    if (r.wave_from) {
      check_count_field(*r.wave_from, "wave_from", 0, cfg.sim.max_cycles);
    }
    const uint64_t cycles = r.wave_cycles.value_or(kDefaultWaveCycles);
    check_count_field(cycles, "wave_cycles", 1, 10000000);
    run.wave_from = r.wave_from.value_or(first_task);
    run.wave_to = run.wave_from + cycles;
  } else if (r.wave_from) {
    needs("wave_from", "waveform");
  } else if (r.wave_cycles) {
    needs("wave_cycles", "waveform");
  }
  if (!r.line_log.empty()) {
    check_writable_directory(r.line_log);
    LineLogWindow& w = run.line_log;
    w.enabled = true;
    if (r.log_from) {
      check_count_field(*r.log_from, "log_from", 0, cfg.sim.max_cycles);
    }
    if (r.log_cycles) {
      check_count_field(*r.log_cycles, "log_cycles", 1, cfg.sim.max_cycles);
    }
    w.from = r.log_from.value_or(0);
    w.to = r.log_cycles ? w.from + *r.log_cycles : UINT64_MAX;
  } else if (r.log_from) {
    needs("log_from", "line log");
  } else if (r.log_cycles) {
    needs("log_cycles", "line log");
  }
  if (!r.plot_latency.empty()) {
    if (!plot_extension_ok(r.plot_latency)) {
      throw FieldError(
          "plot_latency",
          fmt::format("{}: '{}' must end in .svg or .png", mark("plot_latency"), value_mark()),
          r.plot_latency);
    }
    check_writable_directory(r.plot_latency);
  }
}

// A target other than the built-in LPDDR5 exists only behind the TLM-2.0
// sockets: its coupling is tlm, and asking for builtin is a mistake.
MemoryCoupling check_memory_coupling(const std::optional<MemoryCoupling>& memory,
                                     const MachineConfig& cfg) {
  if (memory_target(cfg).direct()) {
    return memory.value_or(MemoryCoupling::kBuiltin);
  }
  if (memory == MemoryCoupling::kBuiltin) {
    throw FieldError("memory", fmt::format("{} builtin: {} selects memory.target {}, a "
                                           "TLM-2.0 target; use {} tlm or leave {} out",
                                           mark("memory"), cfg.source, cfg.memory.target,
                                           mark("memory"), mark("memory")));
  }
  return MemoryCoupling::kTlm;
}

}  // namespace

PreparedRun prepare_run(const RunRequest& r) {
  PreparedRun p{run_machine(r), {}};
  const MachineConfig& cfg = p.machine;
  anesim::RunRequest& run = p.run;
  run.variant = r.variant.value_or(cfg.ane.ring_variant);
  Workload& w = run.workload;
  // The hierarchy does not depend on the transfer's size.
  const bool sized = r.lines || r.cin || r.cout;
  w.lines_per_core = r.print_hierarchy && !sized ? 1 : check_size(r.lines, r.cin, r.cout);
  w.cores = check_cores(r.cores, cfg);
  check_tasks(r, w);
  check_step(r, w);
  check_count_field(r.base_line, "base_line", 0, UINT32_MAX);
  w.base_line = static_cast<uint32_t>(r.base_line);
  DeclaredInputs inputs;
  if (!r.machine.machine) inputs.description(r.machine.config, mark("config"));
  refuse_overwriting_inputs(inputs, {{mark("vcd"), r.vcd},
                                     {mark("fst"), r.fst},
                                     {mark("line_log"), r.line_log},
                                     {mark("plot_latency"), r.plot_latency}});
  check_outputs(r, cfg, run);
  run.skip_idle = r.skip_idle;
  run.memory = check_memory_coupling(r.memory, cfg);
  if (r.print_hierarchy) {
    return p;
  }
  const uint64_t needed = minimum_run_cycles(cfg, run);
  if (needed > cfg.sim.max_cycles) {
    throw FieldError(
        "lines", fmt::format("{}: {} lines per core need at least {} cycles ({:.4g} s simulated), "
                             "more than simulation.max_cycles = {} of {}; use a config with a "
                             "larger max_cycles",
                             mark("lines"), w.lines_per_core, needed,
                             cfg.cycles_to_ns(needed) * 1e-9, cfg.sim.max_cycles, cfg.source));
  }
  return p;
}

RunResult run(const RunRequest& request) {
  RunResult r{prepare_run(request), {}, {}, std::make_shared<OutputSet>()};
  r.outcome = run_single(r.prepared.machine, r.prepared.run, *r.staged);
  r.failures = run_failures(r.outcome, r.prepared.machine);
  return r;
}

RunResult run_in_process(const RunRequest& request) {
  const char* refused = !request.vcd.empty()            ? "vcd"
                        : !request.fst.empty()          ? "fst"
                        : !request.line_log.empty()     ? "line_log"
                        : !request.plot_latency.empty() ? "plot_latency"
                        : request.print_hierarchy       ? "print_hierarchy"
                                                        : nullptr;
  RunResult r{prepare_run(request), {}, {}, nullptr};
  const PreparedRun& p = r.prepared;
  if (refused == nullptr && p.run.memory != MemoryCoupling::kBuiltin) {
    refused = "memory";
  }
  if (refused != nullptr) {
    throw FieldError(refused, mark(refused) +
                                  ": waveforms, line logs, plots, the hierarchy and the tlm "
                                  "memory coupling need the anesim command (SystemC); this "
                                  "run takes only the builtin coupling");
  }
  r.outcome = run_single_without_systemc(p.machine, p.run);
  const std::vector<std::string> failures = run_failures(r.outcome, p.machine);
  if (!failures.empty()) {
    throw SimulationError(failures.front());
  }
  return r;
}

std::string describe_hierarchy(const RunRequest& request) {
  const PreparedRun p = prepare_run(request);
  return describe_system(p.machine, p.run);
}

}  // namespace anesim::api
