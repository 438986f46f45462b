#include <anesim/analysis/advise/advice_output.h>

#include <algorithm>
#include <utility>

#include <fmt/format.h>

#include <anesim/analysis/tables/notch_rules.h>
#include <anesim/io/text_functions.h>
#include <sim/ring/ring_variant.h>

namespace anesim {

namespace {

constexpr double kMiB = 1024.0 * 1024.0;

std::string joined(const std::vector<uint64_t>& v, const char* separator) {
  std::string out;
  for (size_t i = 0; i < v.size(); ++i) {
    out += (i == 0 ? "" : separator) + std::to_string(v[i]);
  }
  return out;
}

// Bytes per weight as JSON: whole for 8-bit and wider, 0.5 and 0.75 for lut4 and lut6.
Json element_bytes_json(Dtype d) {
  const uint32_t bits = dtype_bits(d);
  return bits % 8 == 0 ? Json(bits / 8) : Json(bits / 8.0);
}

// A whole number of bytes; a double only past 2^53, where it could not be exact.
Json bytes_json(double bytes) {
  return bytes < 9007199254740992.0 ? Json(static_cast<uint64_t>(bytes)) : Json(bytes);
}

// Whether the row says which split clears the notch and what it takes.
bool clears_too_slowly(const TransferAdvice& a) {
  return a.kind == AdviceKind::kSplitSlower || a.kind == AdviceKind::kSplitSlowsStep;
}

// The rows as a model's `projections`.
Json transfers_json(const std::vector<TransferAdvice>& rows) {
  Json out = Json::array();
  for (const TransferAdvice& a : rows) {
    out.push_back(transfer_json(a));
  }
  return out;
}

bool plain_fp16(const WeightFormat& f) {
  return f.dtype == Dtype::kFp16 && f.kh == 1 && f.kw == 1 && f.groups == 1;
}

// The rows not stored as plain fp16 linear layers, and their formats.
std::string formats_line(const AdviceResult& r) {
  std::string out;
  for (const TransferAdvice& a : r.rows) {
    if (plain_fp16(a.transfer.format)) continue;
    out += fmt::format("{}{} {}", out.empty() ? "" : ", ", printable(a.transfer.name, 40),
                       format_text(a.transfer.format));
  }
  return out.empty() ? out
                     : "Formats (payload: docs/model-format.md, \"Weight formats\"): " + out + "\n";
}

std::string machine_line(const AdviceResult& r) {
  return fmt::format(
      "machine: {}, {} cores; simulated with 1 active core (time per core does not "
      "depend on the count), GB/s = {} cores x lines/core x 64 B / time\n",
      printable(r.config_name, 400), r.ane_cores, r.ane_cores);
}

std::string table_text(const AdviceResult& r) {
  std::string out = fmt::format(
      "{:<14} {:>13} {:>5} {:>8} {:>15} {:>8} {:>10} {:>6} {:>5} "
      "{:>10} {:>6}  {}\n",
      "projection", "Cin x Cout", "count", "MiB/core", "lines/core", "affected", "before us",
      "GB/s", "split", "after us", "GB/s", "padding (where cheaper)");
  for (const TransferAdvice& a : r.rows) {
    const Transfer& t = a.transfer;
    const std::string padding =
        a.padding_cin ? fmt::format("Cin {}: {:.2f} us", *a.padding_cin, a.padding_time_us)
                      : std::string("-");
    const std::string split = a.affected ? std::to_string(a.split) : std::string("-");
    out += fmt::format(
        "{:<14} {:>13} {:>5} {:>8.3f} {:>15} {:>8} {:>10.2f} {:>6.2f} {:>5} "
        "{:>10.2f} {:>6.2f}  {}\n",
        printable(t.name, 14), fmt::format("{} x {}", t.cin, t.cout), t.count,
        static_cast<double>(a.bytes_per_core) / kMiB, lap_text(a.lines_per_core),
        a.affected ? "yes" : "no", a.time_us_before, a.gbps_before, split, a.time_us_after,
        a.gbps_after, padding);
  }
  return out;
}

// What the table's split column cannot say: the chunks, and why an
// affected transfer keeps split 1.
// Transfers of the same shape share one note ("q_proj, o_proj: ...").
std::string remedy_notes(const AdviceResult& r) {
  const char* chip = variant_name(r.chip);
  std::vector<std::pair<std::string, const TransferAdvice*>> groups;
  for (const TransferAdvice& a : r.rows) {
    auto same = [&a](const auto& g) {
      return g.second->transfer.cin == a.transfer.cin && g.second->transfer.cout == a.transfer.cout;
    };
    auto it = std::find_if(groups.begin(), groups.end(), same);
    if (it == groups.end()) {
      groups.emplace_back(printable(a.transfer.name, 40), &a);
    } else {
      it->first += ", " + printable(a.transfer.name, 40);
    }
  }
  std::string out;
  for (const auto& [name, row] : groups) {
    const TransferAdvice& a = *row;
    const double cost = a.time_us_fix ? a.time_us_before / *a.time_us_fix - 1.0 : 0.0;
    switch (a.kind) {
      case AdviceKind::kNotAffected:
        break;
      case AdviceKind::kSplit:
        out += fmt::format(
            "  {}: {} {:.2f} us vs fix {:.2f} us (+{:.1f} %); split Cin {} into "
            "{} (lines/core {}): {:.2f} us\n",
            name, chip, a.time_us_before, *a.time_us_fix, 100 * cost, a.transfer.cin,
            joined(a.chunk_cin, " + "), joined(a.chunk_lines, ", "), a.time_us_after);
        break;
      case AdviceKind::kSplitSlower:
        out += fmt::format(
            "  {}: {} {:.2f} us vs fix {:.2f} us (+{:.1f} %); the fewest chunks "
            "that clear the notch ({}) take {:.2f} us, more than the notch costs: "
            "no split advised\n",
            name, chip, a.time_us_before, *a.time_us_fix, 100 * cost, a.clearing_split,
            a.clearing_split_time_us);
        break;
      case AdviceKind::kNoSplitClears:
        out += fmt::format(
            "  {}: {} {:.2f} us vs fix {:.2f} us (+{:.1f} %); no split into 2..{} "
            "chunks clears the notch\n",
            name, chip, a.time_us_before, *a.time_us_fix, 100 * cost, kMaxAdviceSplit);
        break;
      case AdviceKind::kSplitSlowsStep:
        out += fmt::format(
            "  {}: {} {:.2f} us vs fix {:.2f} us (+{:.1f} %); split {} takes {:.2f} us "
            "alone, but the whole token is no faster with it: no split advised\n",
            name, chip, a.time_us_before, *a.time_us_fix, 100 * cost, a.clearing_split,
            a.clearing_split_time_us);
        break;
    }
    if (a.padding_cin) {
      out += fmt::format(
          "  {}: padding Cin {} -> {} with zero channels gives {} lines/core "
          "({}): {:.2f} us\n",
          name, a.transfer.cin, *a.padding_cin, a.padding_lines, lap_text(a.padding_lines),
          a.padding_time_us);
    }
  }
  if (!out.empty()) {
    out =
        "Affected transfers (a split runs its chunks as back-to-back kernel-DMA tasks of one "
        "transfer: one launch, a dispatch per task):\n" +
        out;
  }
  return out;
}

}  // namespace

Json transfer_json(const TransferAdvice& a) {
  Json j;
  // Each key as transfer_json_keys.def declares it, in its order.
#define ANESIM_RESULT_KEY(key, type, when, value, ...) \
  if (when) j[#key] = value;
#include <anesim/analysis/advise/transfer_json_keys.def>
#undef ANESIM_RESULT_KEY
  return j;
}

Json model_advice_json(const ModelAdvice& r) {
  Json j;
  // Each key as model_json_keys.def declares it, in its order.
#define ANESIM_RESULT_KEY(key, type, when, value, ...) \
  if (when) j[#key] = value;
#include <anesim/analysis/advise/model_json_keys.def>
#undef ANESIM_RESULT_KEY
  return j;
}

const char* answered_from(const AdviceResult& r, const ModelAdvice* m) {
  const bool tabled = !r.simulated && (m == nullptr || m->steps_composed);
  return tabled ? "timing table" : "simulation";
}

Json shape_advice_json(const AdviceResult& r) {
  Json j;
  // Each key as shape_json_keys.def declares it, in its order: the
  // machine, the shape's row's keys, a LUT format's palette (its own row).
#define ANESIM_RESULT_KEY(key, type, when, value, ...) \
  if (when) j[#key] = value;
#define ANESIM_RESULT_BASE(base, value) j.update(value);
#include <anesim/analysis/advise/shape_json_keys.def>
#undef ANESIM_RESULT_BASE
#undef ANESIM_RESULT_KEY
  return j;
}

std::string model_advice_text(const ModelAdvice& r) {
  const ModelDescription& m = r.model;
  std::string out =
      fmt::format("anesim advise: {} ({}), {} layers, {}\n", printable(m.display_name, 120),
                  printable(m.source, 400), m.layers, dtype_name(m.dtype));
  out += machine_line(r.advice);
  out += fmt::format(
      "Per transfer (count = transfers per decoded token; times per transfer, "
      "{} variant before, advised split after):\n",
      variant_name(r.advice.chip));
  out += table_text(r.advice);
  out += formats_line(r.advice);
  out += remedy_notes(r.advice);
  out += "Per decoded token:\n";
  out += fmt::format("  weight bytes streamed       {:.0f} B ({:.3f} GB, {:.1f} MiB)\n",
                     r.bytes_per_token, r.bytes_per_token / 1e9, r.bytes_per_token / kMiB);
  out += fmt::format(
      "  decode step time            {:.1f} us before, {:.1f} us after "
      "(fix variant: {:.1f} us)\n",
      r.time_us_before, r.time_us_after, r.time_us_fix_variant);
  out += fmt::format(
      "  effective DRAM throughput   {:.2f} GB/s before, {:.2f} GB/s after "
      "(fix variant: {:.2f} GB/s)\n",
      r.gbps_before, r.gbps_after, r.gbps_fix_variant);
  out += fmt::format(
      "  predicted decode speed      {:.3f} tokens/s before, {:.3f} tokens/s after "
      "(fix variant: {:.3f} tokens/s)\n",
      r.tokens_per_s_before, r.tokens_per_s_after, r.tokens_per_s_fix_variant);
  if (!r.splits_slowing_step.empty()) {
    out += "  splits withdrawn            ";
    for (size_t i = 0; i < r.splits_slowing_step.size(); ++i) {
      out += (i == 0 ? "" : ", ") + printable(r.splits_slowing_step[i], 80);
    }
    out += ": each clears its transfer, but the token is no faster with it\n";
  }
  out += fmt::format("  step times from             {}\n",
                     r.steps_composed ? "the timing table (each task's cycles as it runs alone)"
                                      : "simulating each step");
  out += fmt::format("Assumption: {}.\n", kDecodeAssumption);
  out += "Left out:";
  for (size_t i = 0; i < r.left_out.size(); ++i) {
    out += (i == 0 ? " " : "; ") + r.left_out[i];
  }
  out += ".\n";
  return out + findings_text(r.model.findings);
}

std::string shape_advice_text(const AdviceResult& r) {
  std::string out;
  for (const TransferAdvice& a : r.rows) {  // the shape, then a LUT format's palette
    out += fmt::format(
        "{}: D = {}, N = {} ({}): {} B = {:.3f} MiB = {} lines per core "
        "= {}\n",
        &a == &r.rows.front() ? "anesim advise" : "  its palette", a.transfer.cin, a.transfer.cout,
        format_text(a.transfer.format), a.bytes_per_core,
        static_cast<double>(a.bytes_per_core) / kMiB, a.lines_per_core, lap_text(a.lines_per_core));
  }
  out += machine_line(r);
  out += table_text(r);
  const std::string notes = remedy_notes(r);
  return out + (notes.empty() ? fmt::format("Not affected: the {} variant is as fast as the fix.\n",
                                            variant_name(r.chip))
                              : notes);
}

std::string advice_csv(const AdviceResult& r) {
  std::string out =
      "name,cin,cout,count,bytes_per_core,lines_per_core,k,x,affected,time_us_before,"
      "time_us_fix,gbps_before,advice,split,chunk_cin,time_us_after,gbps_after,padding_cin,"
      "padding_time_us\n";
  for (const TransferAdvice& a : r.rows) {
    out += fmt::format(
        "{},{},{},{},{},{},{},{},{},{:.4f},{},{:.4f},{},{},{},{:.4f},{:.4f},{},{}\n",
        csv_field(a.transfer.name), a.transfer.cin, a.transfer.cout, a.transfer.count,
        a.bytes_per_core, a.lines_per_core, a.lap.k, a.lap.x, a.affected ? 1 : 0, a.time_us_before,
        a.time_us_fix ? fmt::format("{:.4f}", *a.time_us_fix) : std::string(), a.gbps_before,
        advice_kind_name(a.kind), a.split, joined(a.chunk_cin, ";"), a.time_us_after, a.gbps_after,
        a.padding_cin ? std::to_string(*a.padding_cin) : std::string(),
        a.padding_cin ? fmt::format("{:.4f}", a.padding_time_us) : std::string());
  }
  return out;
}

}  // namespace anesim
