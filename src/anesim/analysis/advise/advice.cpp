#include <anesim/analysis/advise/advice.h>

#include <algorithm>
#include <cstdlib>
#include <utility>

#include <fmt/format.h>

#include <anesim/analysis/advise/simulation_cache.h>
#include <anesim/analysis/tables/engine_drain.h>
#include <anesim/io/errors.h>
#include <sim/ring/geometry.h>

namespace anesim {

namespace {

double ane_gbps(uint32_t ane_cores, uint64_t lines, double time_us) {
  return static_cast<double>(ane_cores) * static_cast<double>(lines) * kLineBytes / (time_us * 1e3);
}

// A split's chunks as the tasks of one transfer.
std::vector<uint32_t> split_tasks(const std::vector<uint64_t>& lines) {
  return std::vector<uint32_t>(lines.begin(), lines.end());
}

// Split s's chunks and their lines per core (no chunks: t cannot be split s ways).
struct ClearingSplit {
  uint32_t s = 0;
  std::vector<uint64_t> chunks, lines;
};
ClearingSplit split_of(const Transfer& t, uint32_t s) {
  ClearingSplit c{s, split_input_channels(t.cin, t.format, s), {}};
  for (uint64_t chunk : c.chunks) c.lines.push_back(payload_lines(chunk, t.cout, t.format));
  return c;
}
// Every chunk's payload has been simulated.
bool clears(const ClearingSplit& c, const SimulationCache& sims, double drain) {
  return std::none_of(c.lines.begin(), c.lines.end(),
                      [&](uint64_t l) { return sims.affected(l, drain); });
}
// Every split (2..kMaxAdviceSplit chunks) of which each chunk clears the
// notch, fewest chunks first; it stops at the first s that cannot be cut.
std::vector<ClearingSplit> clearing_splits_of(const Transfer& t, const SimulationCache& sims,
                                              double drain) {
  std::vector<ClearingSplit> out;
  for (uint32_t s = 2; s <= kMaxAdviceSplit; ++s) {
    ClearingSplit c = split_of(t, s);
    if (c.chunks.empty()) break;
    if (clears(c, sims, drain)) out.push_back(std::move(c));
  }
  return out;
}

// Row i's split to price, when AdviceSettings::price_splits asks for one.
std::optional<ClearingSplit> priced_split(const AdviceSettings& settings, size_t i,
                                          const Transfer& t) {
  if (i >= settings.price_splits.size() || settings.price_splits[i] < 2) return std::nullopt;
  ClearingSplit c = split_of(t, settings.price_splits[i]);
  if (c.chunks.empty()) return std::nullopt;
  return c;
}

// `clearing`: clearing_splits_of(a.transfer), its fewest-chunk split priced.
void choose_remedy(TransferAdvice& a, const std::vector<ClearingSplit>& clearing,
                   const SimulationCache& sims, double drain) {
  const Transfer& t = a.transfer;
  if (!clearing.empty()) {
    const ClearingSplit* c = &clearing.front();
    const double total = sims.time(sims.chip(), split_tasks(c->lines), drain);
    if (total < a.time_us_before) {
      a.kind = AdviceKind::kSplit;
      a.split = c->s;
      a.chunk_cin = c->chunks;
      a.chunk_lines = c->lines;
      a.time_us_after = total;
    } else {
      a.kind = AdviceKind::kSplitSlower;
      a.clearing_split = c->s;
      a.clearing_split_time_us = total;
    }
  }
  if (a.kind == AdviceKind::kNotAffected) {
    a.kind = AdviceKind::kNoSplitClears;
  }
  const std::optional<uint64_t> pad = padded_cin(t.cin, t.cout, t.format);
  if (pad) {
    const uint64_t lines = payload_lines(*pad, t.cout, t.format);
    const double time = sims.time(sims.chip(), lines, drain);
    if (!sims.affected(lines, drain) && time <= a.time_us_after * (1.0 - kMinAlternativeGain)) {
      a.padding_cin = pad;
      a.padding_lines = lines;
      a.padding_time_us = time;
    }
  }
}

}  // namespace

const char* const kDecodeAssumption =
    "one decoded token is simulated as one program (anesim decode, docs/decode.md): the "
    "streamed tensors' kernel-DMA tasks back to back with the memory's performance state "
    "carried through, one launch, a dispatch per task, and ane.op_overhead_cycles per op that "
    "streams no weights; compute does not overlap the transfers";

std::string lap_text(uint64_t lines) {
  const LapPosition p = lap_position(lines);
  return fmt::format("{}*0x4000{:+}", p.k, p.x);
}

std::optional<uint64_t> padded_cin(uint64_t cin, uint64_t cout, uint32_t element_bytes) {
  // Each extra channel adds ceil(N/16) * element_bytes >= 1 byte, so at most
  // 64 * 512 channels reach |x| >= 256 from anywhere inside the V.
  for (uint64_t d = cin + 1; d > cin; ++d) {
    const uint64_t lines = payload_lines(d, cout, element_bytes);
    if (lines == 0) return std::nullopt;
    if (!in_notch_by_rule(lines)) return d;
  }
  return std::nullopt;
}

std::optional<uint64_t> padded_cin(uint64_t cin, uint64_t cout, const WeightFormat& f) {
  // Each step adds at least half a byte per core (one lut4 weight), so at
  // most 128 * 512 steps reach |x| >= 256 from anywhere inside the V. With
  // groups, D grows a channel per group to stay a multiple of them.
  const uint64_t step = f.groups == 0 ? 1 : f.groups;
  for (uint64_t d = cin + step; d > cin; d += step) {
    const uint64_t lines = payload_lines(d, cout, f);
    if (lines == 0) return std::nullopt;
    if (!in_notch_by_rule(lines)) return d;
  }
  return std::nullopt;
}

const char* advice_kind_name(AdviceKind k) {
  switch (k) {
    case AdviceKind::kNotAffected:
      return "not affected";
    case AdviceKind::kSplit:
      return "split";
    case AdviceKind::kSplitSlower:
      return "split slower";
    case AdviceKind::kNoSplitClears:
      return "no split clears the notch";
    case AdviceKind::kSplitSlowsStep:
      return "split slows the step";
  }
  return "";
}

AdviceResult advise_transfers(const std::vector<Transfer>& transfers, uint32_t element_bytes,
                              const MachineConfig& cfg, const AdviceSettings& settings) {
  AdviceResult result;
  result.config_name = cfg.source;
  result.chip = cfg.ane.ring_variant;
  result.ane_cores = cfg.ane.cores;
  result.element_bytes = element_bytes;
  SimulationCache sims(cfg.ane.ring_variant, settings.table.get());
  for (const Transfer& t : transfers) {
    TransferAdvice a;
    a.transfer = t;
    a.bytes_per_core = payload_bytes_per_core(t.cin, t.cout, t.format);
    a.lines_per_core = payload_lines(t.cin, t.cout, t.format);
    if (a.lines_per_core == 0) {
      throw InputError(fmt::format("{}: {} x {}: the per-core transfer exceeds 2^32-1 lines",
                                   t.name, t.cin, t.cout));
    }
    a.lap = lap_position(a.lines_per_core);
    sims.want_both(a.lines_per_core, drain_cycles_per_line(cfg, t.format));
    result.rows.push_back(a);
  }
  sims.run(cfg, settings);

  // Second round: every candidate split and the padding of the affected rows.
  for (size_t i = 0; i < result.rows.size(); ++i) {
    TransferAdvice& a = result.rows[i];
    const double drain = drain_cycles_per_line(cfg, a.transfer.format);
    if (const auto c = priced_split(settings, i, a.transfer)) {
      for (uint64_t l : c->lines) sims.want_both(l, drain);
    }
    a.time_us_before = sims.time(sims.chip(), a.lines_per_core, drain);
    a.time_us_fix = sims.fix_time(a.lines_per_core, drain);
    a.affected = sims.affected(a.lines_per_core, drain);
    a.chunk_cin = {a.transfer.cin};
    a.chunk_lines = {a.lines_per_core};
    a.time_us_after = a.time_us_before;
    if (!a.affected) continue;
    for (uint32_t s = 2; s <= kMaxAdviceSplit; ++s) {
      for (uint64_t c : split_input_channels(a.transfer.cin, a.transfer.format, s)) {
        sims.want_both(payload_lines(c, a.transfer.cout, a.transfer.format), drain);
      }
    }
    if (const auto pad = padded_cin(a.transfer.cin, a.transfer.cout, a.transfer.format)) {
      sims.want_both(payload_lines(*pad, a.transfer.cout, a.transfer.format), drain);
    }
  }
  sims.run(cfg, settings);

  // Third round: the fewest clearing chunks, run as the tasks of one transfer.
  std::vector<std::vector<ClearingSplit>> clearing(result.rows.size());
  for (size_t i = 0; i < result.rows.size(); ++i) {
    const TransferAdvice& a = result.rows[i];
    const double drain = drain_cycles_per_line(cfg, a.transfer.format);
    if (const auto c = priced_split(settings, i, a.transfer)) {
      sims.want(sims.chip(), split_tasks(c->lines), drain);
    }
    if (!a.affected) continue;
    clearing[i] = clearing_splits_of(a.transfer, sims, drain);
    if (!clearing[i].empty()) {
      sims.want(sims.chip(), split_tasks(clearing[i].front().lines), drain);
    }
  }
  sims.run(cfg, settings);

  for (size_t i = 0; i < result.rows.size(); ++i) {
    TransferAdvice& a = result.rows[i];
    const double drain = drain_cycles_per_line(cfg, a.transfer.format);
    if (a.affected) {
      choose_remedy(a, clearing[i], sims, drain);
      for (const ClearingSplit& c : clearing[i]) a.clearing_splits.push_back(c.s);
    }
    if (const auto c = priced_split(settings, i, a.transfer)) {
      a.priced = PricedSplit{c->s, c->chunks, c->lines,
                             sims.time(sims.chip(), split_tasks(c->lines), drain),
                             clears(*c, sims, drain)};
    }
    a.gbps_before = ane_gbps(result.ane_cores, a.lines_per_core, a.time_us_before);
    a.gbps_after = ane_gbps(result.ane_cores, a.lines_per_core, a.time_us_after);
  }
  result.simulated = sims.simulated();
  return result;
}

}  // namespace anesim
