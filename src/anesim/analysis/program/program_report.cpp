#include <anesim/analysis/program/program_report.h>

#include <fmt/format.h>

#include <anesim/analysis/advise/advice.h>
#include <anesim/analysis/tables/notch_rules.h>
#include <anesim/analysis/tables/timing_table.h>
#include <anesim/io/text_functions.h>
#include <sim/core/workload.h>
#include <sim/ring/ring_variant.h>

namespace anesim {

namespace {

std::string notch_text(const OpVerdict& v, bool streamed) {
  if (!streamed) return "-";
  if (!v.notched) return "unknown";
  return fmt::format("{} ({})", *v.notched ? "NOTCHED" : "no", v.source);
}

std::string kernel_text(const WeightFormat& f) { return fmt::format("{}x{}", f.kh, f.kw); }

}  // namespace

ProgramReport program_report(CompiledProgram p, const std::string& machine, RingVariant ring,
                             const TimingTable* table) {
  ProgramReport r;
  r.machine = machine;
  r.ring = ring;
  r.from_table = table != nullptr;
  for (const ProgramFunction& f : p.functions) {
    std::vector<OpVerdict> v;
    for (const ProgramWeightOp& w : f.weight_ops) {
      OpVerdict o;
      if (!w.streamed) {
        v.push_back(o);
        continue;
      }
      if (table != nullptr) {
        o.notched = table->affected(w.lines_per_core);
        o.source = "table";
      }
      if (!o.notched) {
        o.notched = in_notch_by_rule(w.lines_per_core);
        o.source = "rule";
      }
      v.push_back(o);
    }
    r.verdicts.push_back(std::move(v));
  }
  const ModelDescription m = program_model(p);
  if (!m.program_tasks.empty()) r.step = plan_step(m, SplitPolicy{}, 1);
  r.program = std::move(p);
  return r;
}

std::string program_text(const ProgramReport& r) {
  const CompiledProgram& p = r.program;
  std::string opsets;
  for (const std::string& o : p.opsets) opsets += (opsets.empty() ? "" : ", ") + o;
  std::string out = fmt::format(
      "anesim program: {} (program {}, {}; {} program file{}, {} function{})\n",
      printable(p.path, 120), p.version.empty() ? "?" : printable(p.version, 20),
      opsets.empty() ? "no opset" : printable(opsets, 80), p.programs.size(),
      p.programs.size() == 1 ? "" : "s", p.functions.size(), p.functions.size() == 1 ? "" : "s");
  out +=
      p.sizes_checked
          ? fmt::format("sizes: checked against the weight files' blob descriptors ({} B read)\n",
                        p.weight_file_bytes_read)
          : "sizes: derived from the program's types and shapes (no weight file to check them "
            "against)\n";
  out += fmt::format("machine: {}, ring {}; notch verdicts from {}\n", printable(r.machine, 80),
                     variant_name(r.ring),
                     r.from_table ? "its timing table (the rule where the table cannot decide)"
                                  : "the published rule (|x| < 256 lines off a MiB multiple)");
  for (size_t fi = 0; fi < p.functions.size(); ++fi) {
    const ProgramFunction& f = p.functions[fi];
    size_t streamed = 0, notched = 0;
    for (size_t i = 0; i < f.weight_ops.size(); ++i) {
      if (!f.weight_ops[i].streamed) continue;
      ++streamed;
      notched += r.verdicts[fi][i].notched.value_or(false) ? 1 : 0;
    }
    out += fmt::format(
        "\nfunction {} ({}, {}): {} ops, {} weight op{} ({} streamed, {} notched), {} op{} after "
        "the last\n",
        printable(f.name, 60), f.opset.empty() ? "no opset" : printable(f.opset, 20),
        printable(f.file, 120), f.ops, f.weight_ops.size(), f.weight_ops.size() == 1 ? "" : "s",
        streamed, notched, f.ops_after, f.ops_after == 1 ? "" : "s");
    if (f.weight_ops.empty()) {
      out += "  no op streams weights: nothing here for the kernel DMA\n";
    } else {
      out += fmt::format(
          "  {:<32} {:<6} {:<6} {:>7} {:>7} {:>6} {:>12} {:>10} {:>16} {:>12} {:>5} "
          "{:>4}  {}\n",
          "op", "kind", "format", "cin", "cout", "kernel", "bytes/core", "lines/core", "laps",
          "offset", "gap", "ops", "notch");
    }
    for (size_t i = 0; i < f.weight_ops.size(); ++i) {
      const ProgramWeightOp& w = f.weight_ops[i];
      out += fmt::format(
          "  {:<32} {:<6} {:<6} {:>7} {:>7} {:>6} {:>12} {:>10} {:>16} {:>12} {:>5} {:>4}  {}\n",
          printable(w.name, 32), weight_op_kind_name(w.kind), dtype_name(w.format.dtype), w.cin,
          w.cout, kernel_text(w.format), w.bytes_per_core, w.lines_per_core,
          lap_text(w.lines_per_core), w.offset, w.gap_lines, w.ops_before,
          notch_text(r.verdicts[fi][i], w.streamed));
    }
    if (!f.other_ops.empty()) {
      std::string ops;
      for (const auto& [name, n] : f.other_ops) {
        ops += fmt::format("{}{} {}", ops.empty() ? "" : ", ", printable(name, 40), n);
      }
      out += "  ops that stream no weights: " + ops + "\n";
    }
  }
  if (!p.findings.empty()) {
    out += "\nfindings:\n";
    for (const ProgramFinding& f : p.findings) {
      out += fmt::format("  {}: {}\n", f.kind, printable(f.text, 400));
    }
  }
  for (const std::string& n : p.notes) out += fmt::format("note: {}\n", printable(n, 400));
  return out;
}

namespace {

// A function's `other_ops`: each op's count, by name.
Json other_ops_json(const ProgramFunction& f) {
  Json out = Json::object();
  for (const auto& [name, n] : f.other_ops) out[name] = n;
  return out;
}

// The `weight_ops` of the report's function `fi`.
Json weight_ops_json(const ProgramReport& r, size_t fi) {
  const ProgramFunction& f = r.program.functions[fi];
  Json out = Json::array();
  for (size_t i = 0; i < f.weight_ops.size(); ++i) {
    const ProgramWeightOp& w = f.weight_ops[i];
    const LapPosition lap = lap_position(w.lines_per_core);
    const OpVerdict& v = r.verdicts[fi][i];
    Json o;
    // Each key as program_weight_op_keys.def declares it, in its order.
#define ANESIM_RESULT_KEY(key, type, when, value, ...) \
  if (when) o[#key] = value;
#include <anesim/analysis/program/program_weight_op_keys.def>
#undef ANESIM_RESULT_KEY
    out.push_back(o);
  }
  return out;
}

Json functions_json(const ProgramReport& r) {
  Json out = Json::array();
  for (size_t fi = 0; fi < r.program.functions.size(); ++fi) {
    const ProgramFunction& f = r.program.functions[fi];
    Json jf;
    // Each key as program_function_keys.def declares it, in its order.
#define ANESIM_RESULT_KEY(key, type, when, value, ...) \
  if (when) jf[#key] = value;
#include <anesim/analysis/program/program_function_keys.def>
#undef ANESIM_RESULT_KEY
    out.push_back(jf);
  }
  return out;
}

Json constants_json(const CompiledProgram& p) {
  Json out = Json::array();
  for (const ProgramConstant& c : p.constants) {
    Json o;
    // Each key as program_constant_keys.def declares it, in its order.
#define ANESIM_RESULT_KEY(key, type, when, value, ...) \
  if (when) o[#key] = value;
#include <anesim/analysis/program/program_constant_keys.def>
#undef ANESIM_RESULT_KEY
    out.push_back(o);
  }
  return out;
}

Json findings_json(const CompiledProgram& p) {
  Json out = Json::array();
  for (const ProgramFinding& f : p.findings) {
    Json o;
    // Each key as program_finding_keys.def declares it, in its order.
#define ANESIM_RESULT_KEY(key, type, when, value, ...) \
  if (when) o[#key] = value;
#include <anesim/analysis/program/program_finding_keys.def>
#undef ANESIM_RESULT_KEY
    out.push_back(o);
  }
  return out;
}

Json tasks_json(const StepPlan& step) {
  Json out = Json::array();
  for (const StepTask& t : step.tasks) {
    Json o;
    // Each key as program_task_keys.def declares it, in its order.
#define ANESIM_RESULT_KEY(key, type, when, value, ...) \
  if (when) o[#key] = value;
#include <anesim/analysis/program/program_task_keys.def>
#undef ANESIM_RESULT_KEY
    out.push_back(o);
  }
  return out;
}

}  // namespace

Json program_json(const ProgramReport& r) {
  const CompiledProgram& p = r.program;
  Json j;
  // Each key as program_json_keys.def declares it, in its order.
#define ANESIM_RESULT_KEY(key, type, when, value, ...) \
  if (when) j[#key] = value;
#include <anesim/analysis/program/program_json_keys.def>
#undef ANESIM_RESULT_KEY
  return j;
}

}  // namespace anesim
