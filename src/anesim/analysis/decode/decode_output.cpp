#include <anesim/analysis/decode/decode_output.h>

#include <algorithm>

#include <fmt/format.h>

#include <anesim/io/text_functions.h>
#include <sim/ring/ring_variant.h>

namespace anesim {

namespace {

Json kernel_dma_json(const StepBreakdown& b) {
  Json dma = Json::object();
  for (const auto& [kind, us] : b.kernel_dma_us) {
    dma[kind] = rounded(us / 1000.0, 6);
  }
  return dma;
}

Json breakdown_json(const StepBreakdown& b) {
  Json j;
  // Each key as decode_breakdown_keys.def declares it, in its order.
#define ANESIM_RESULT_KEY(key, type, when, value, ...) \
  if (when) j[#key] = value;
#include <anesim/analysis/decode/decode_breakdown_keys.def>
#undef ANESIM_RESULT_KEY
  return j;
}

// Both sides' breakdowns, as decode_json's `breakdown`.
Json breakdowns_json(const DecodeResult& r) {
  return {{"before", breakdown_json(r.before.timing.breakdown)},
          {"after", breakdown_json(r.after.timing.breakdown)}};
}

Json side_json(const DecodeSide& s) {
  Json j;
  // Each key as decode_side_keys.def declares it, in its order.
#define ANESIM_RESULT_KEY(key, type, when, value, ...) \
  if (when) j[#key] = value;
#include <anesim/analysis/decode/decode_side_keys.def>
#undef ANESIM_RESULT_KEY
  return j;
}

std::string splits_text(const SplitPolicy& p) {
  if (p.chunks.empty()) return p.label == "none" ? "none" : p.label + " (no split)";
  std::string s;
  for (const auto& [name, n] : p.chunks) {
    s += fmt::format("{}{} x{}", s.empty() ? "" : ", ", printable(name, 60), n);
  }
  return fmt::format("{} ({})", p.label, s);
}

std::string side_text(const char* label, const DecodeSide& s) {
  const StepBreakdown& b = s.timing.breakdown;
  std::string out = fmt::format(
      "{:<7} {:10.3f} ms/token {:9.3f} tokens/s {:7.2f} GB/s   {} convs, {} ops, {} program(s)\n",
      label, s.ms_per_token, s.tokens_per_s, s.gbps, s.plan.convs, s.plan.convs + s.plan.other_ops,
      s.plan.programs);
  for (const auto& [kind, us] : b.kernel_dma_us) {
    out += fmt::format("          kernel DMA {:<12} {:10.3f} ms\n", kind, us / 1000.0);
  }
  out += fmt::format("          dispatch              {:10.3f} ms\n", b.dispatch_us / 1000.0);
  out += fmt::format("          other ops             {:10.3f} ms\n", b.other_ops_us / 1000.0);
  out += fmt::format("          launch                {:10.3f} ms\n", b.launch_us / 1000.0);
  return out;
}

const char* const kColours[] = {"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd",
                                "#8c564b", "#e377c2", "#bcbd22", "#17becf", "#7f7f7f"};

}  // namespace

std::string decode_text(const DecodeResult& r) {
  const std::string size =
      r.model.compiled_program
          ? fmt::format("a compiled program of {} weight task{}", r.model.program_tasks.size(),
                        r.model.program_tasks.size() == 1 ? "" : "s")
          : fmt::format("{} layers", r.model.layers);
  std::string out = fmt::format("anesim decode: {} ({}), {}, {}; one decoded token as one run\n",
                                printable(r.model.display_name, 120),
                                printable(r.model.source, 400), size, dtype_name(r.model.dtype));
  out += fmt::format(
      "machine: {}, ring {}; simulated with 1 active core (time per core does not depend on the "
      "count); GB/s = weight bytes per token / time\n",
      printable(r.config, 400), variant_name(r.variant));
  out += fmt::format("weights per token: {:.0f} B; splits after: {}\n", r.before.plan.weight_bytes,
                     splits_text(r.policy));
  out += side_text("before", r.before);
  out += side_text("after", r.after);
  out += fmt::format("speed-up: {:.3f}x\n", r.before.ms_per_token / r.after.ms_per_token);
  return out + findings_text(r.model.findings);
}

Json decode_json(const DecodeResult& r) {
  Json j;
  // Each key as decode_json_keys.def declares it, in its order.
#define ANESIM_RESULT_KEY(key, type, when, value, ...) \
  if (when) j[#key] = value;
#include <anesim/analysis/decode/decode_json_keys.def>
#undef ANESIM_RESULT_KEY
  return j;
}

std::string decode_csv(const DecodeResult& r) {
  std::string out =
      "side,index,projection,layer,chunk,chunks,cin,cout,lines_per_core,ops_before,"
      "starts_program,start_us,dispatch_us,finish_us\n";
  for (const auto* side : {&r.before, &r.after}) {
    const char* name = side == &r.before ? "before" : "after";
    for (size_t i = 0; i < side->plan.tasks.size(); ++i) {
      const StepTask& t = side->plan.tasks[i];
      const TaskSpan& s = side->timing.spans[i];
      out += fmt::format("{},{},{},{},{},{},{},{},{},{},{},{:.4f},{:.4f},{:.4f}\n", name, i,
                         t.projection, t.layer, t.chunk, t.chunks, t.cin, t.cout, t.lines,
                         t.ops_before, t.starts_program ? 1 : 0, s.start_us, s.dispatch_us,
                         s.finish_us);
    }
  }
  return out;
}

std::string decode_timeline_script(const DecodeResult& r) {
  // One datablock per projection kind (its own colour) and one for the gaps;
  // rows y = 1 (after) and y = 2 (before), boxes drawn with boxxyerror.
  std::vector<std::string> kinds;
  for (const auto& [kind, us] : r.before.timing.breakdown.kernel_dma_us) kinds.push_back(kind);
  std::string data, plot;
  const auto block = [&](const std::string& name, bool gap, const std::string& kind) {
    data += "$" + name + " << EOD\n";
    for (const auto* side : {&r.before, &r.after}) {
      const double y = side == &r.before ? 2.0 : 1.0;
      for (size_t i = 0; i < side->plan.tasks.size(); ++i) {
        const TaskSpan& s = side->timing.spans[i];
        if (!gap && side->plan.tasks[i].projection != kind) continue;
        const double a = gap ? s.start_us : s.dispatch_us, b = gap ? s.dispatch_us : s.finish_us;
        data += fmt::format("{:.5f} {:.1f} {:.5f}\n", (a + b) / 2000.0, y, (b - a) / 2000.0);
      }
    }
    data += "EOD\n";
  };
  block("gaps", true, "");
  plot =
      "plot $gaps using 1:2:3:(0.35) with boxxyerror fs solid 1.0 noborder lc rgb '#bbbbbb' "
      "title 'launch, dispatch, other ops'";
  for (size_t k = 0; k < kinds.size(); ++k) {
    block(fmt::format("k{}", k), false, kinds[k]);
    plot += fmt::format(
        ", $k{} using 1:2:3:(0.35) with boxxyerror fs solid 1.0 noborder lc rgb '{}' title "
        "'{}'",
        k, kColours[k % 10], kinds[k]);
  }
  const double end_ms = std::max(r.before.ms_per_token, r.after.ms_per_token);
  std::string s = data;
  s += fmt::format("set title '{}: one token, before {:.2f} ms, after {:.2f} ms' noenhanced\n",
                   r.model.name, r.before.ms_per_token, r.after.ms_per_token);
  s += "set xlabel 'time from the first launch (ms)'\n";
  s += fmt::format("set xrange [0:{:.4f}]\nset yrange [0.4:2.6]\n", end_ms * 1.02);
  s += "set ytics ('after' 1, 'before' 2)\nset key outside right top noenhanced\n";
  s += plot + "\n";
  return s;
}

}  // namespace anesim
