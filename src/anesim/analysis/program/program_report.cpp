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

Json program_json(const ProgramReport& r) {
  const CompiledProgram& p = r.program;
  Json j;
  j["path"] = p.path;
  j["programs"] = p.programs;
  j["version"] = p.version;
  j["opsets"] = p.opsets;
  j["sizes_checked"] = p.sizes_checked;
  j["weight_file_bytes_read"] = p.weight_file_bytes_read;
  j["machine"] = r.machine;
  j["ring"] = variant_name(r.ring);
  j["verdicts_from"] = r.from_table ? "table" : "rule";
  j["functions"] = Json::array();
  for (size_t fi = 0; fi < p.functions.size(); ++fi) {
    const ProgramFunction& f = p.functions[fi];
    Json jf;
    jf["name"] = f.name;
    jf["opset"] = f.opset;
    jf["file"] = f.file;
    jf["ops"] = f.ops;
    jf["ops_after"] = f.ops_after;
    jf["other_ops"] = Json::object();
    for (const auto& [name, n] : f.other_ops) jf["other_ops"][name] = n;
    jf["weight_ops"] = Json::array();
    for (size_t i = 0; i < f.weight_ops.size(); ++i) {
      const ProgramWeightOp& w = f.weight_ops[i];
      const LapPosition lap = lap_position(w.lines_per_core);
      Json o;
      o["name"] = w.name;
      o["kind"] = weight_op_kind_name(w.kind);
      o["operand"] = w.operand;
      o["weight"] = w.weight;
      o["decompression"] = w.decompression;
      o["format"] = format_text(w.format);
      o["dtype"] = dtype_name(w.format.dtype);
      o["kernel"] = {w.format.kh, w.format.kw};
      o["groups"] = w.format.groups;
      o["cin"] = w.cin;
      o["cout"] = w.cout;
      o["count"] = w.count;
      o["stored_bytes"] = w.stored_bytes;
      o["bytes_per_core"] = w.bytes_per_core;
      o["lines_per_core"] = w.lines_per_core;
      o["laps"] = lap.k;
      o["lines_off_multiple"] = lap.x;
      o["file"] = w.file;
      o["offset"] = w.offset;
      o["gap_lines"] = w.gap_lines;
      o["ops_before"] = w.ops_before;
      o["streamed"] = w.streamed;
      const OpVerdict& v = r.verdicts[fi][i];
      o["notched"] = w.streamed && v.notched ? Json(*v.notched) : Json(nullptr);
      o["notch_source"] = w.streamed ? v.source : "";
      o["payload"] = w.payload;
      o["palettes"] = w.palettes;
      o["side"] = w.side;
      o["palette_cin"] = w.palette_cin;
      o["palette_cout"] = w.palette_cout;
      o["fused_from"] = w.fused_from;
      o["source"] = w.source;
      jf["weight_ops"].push_back(o);
    }
    j["functions"].push_back(jf);
  }
  j["constants"] = Json::array();
  for (const ProgramConstant& c : p.constants) {
    Json o;
    o["name"] = c.name;
    o["function"] = c.function;
    o["dtype"] = c.dtype;
    o["shape"] = c.shape;
    o["elements"] = c.elements;
    o["stored_bytes"] = c.stored_bytes;
    o["in_blob"] = c.in_blob;
    o["file"] = c.file;
    o["offset"] = c.offset;
    o["consumers"] = c.consumers;
    o["source"] = c.source;
    j["constants"].push_back(o);
  }
  j["findings"] = Json::array();
  for (const ProgramFinding& f : p.findings) {
    j["findings"].push_back(
        {{"kind", f.kind}, {"function", f.function}, {"op", f.op}, {"text", f.text}});
  }
  j["notes"] = p.notes;
  j["tasks"] = Json::array();
  for (const StepTask& t : r.step.tasks) {
    j["tasks"].push_back({{"name", t.projection},
                          {"chunk", t.chunk},
                          {"chunks", t.chunks},
                          {"cin", t.cin},
                          {"cout", t.cout},
                          {"lines", t.lines},
                          {"ops_before", t.ops_before},
                          {"gap_lines", t.gap_lines},
                          {"starts_program", t.starts_program}});
  }
  j["ops_after"] = r.step.ops_after;
  return j;
}

}  // namespace anesim
