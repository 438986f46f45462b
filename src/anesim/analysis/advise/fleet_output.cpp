#include <anesim/analysis/advise/fleet_output.h>

#include <fmt/format.h>

// Marked keep: answered_from, in a row of fleet_chip_json_keys.def, which
// IWYU does not see.
#include <anesim/analysis/advise/advice_output.h>  // IWYU pragma: keep
#include <anesim/analysis/tables/notch_rules.h>
#include <anesim/io/text_functions.h>
#include <sim/ring/ring_variant.h>

namespace anesim {

namespace {

template <class T>
std::string joined(const std::vector<T>& v, const char* separator) {
  std::string out;
  for (size_t i = 0; i < v.size(); ++i) {
    out += fmt::format("{}{}", i == 0 ? "" : separator, v[i]);
  }
  return out;
}

std::string verdict_text(const std::optional<bool>& v) {
  return !v ? "unknown" : *v ? "affected" : "not affected";
}

Json verdict_json(const std::optional<bool>& v) { return v ? Json(*v) : Json(nullptr); }

// "split": 1 when no chip is affected, null when no split clears them all.
const char* outcome(const FleetRow& r) {
  return r.split == 1 ? "not affected" : r.split == 0 ? "no split clears the notch" : "split";
}

// The change a split makes, + for a cost, - for a gain.
double change_pct(const FleetCost& c) { return 100.0 * (c.time_us_after / c.time_us_before - 1.0); }

// Per chip: every transfer of a token once per count, before and with the fleet's splits.
std::pair<double, double> totals(const FleetAdvice& f, size_t chip) {
  double before = 0, after = 0;
  for (const FleetRow& r : f.rows) {
    before += static_cast<double>(r.transfer.count) * r.costs[chip].time_us_before;
    after += static_cast<double>(r.transfer.count) * r.costs[chip].time_us_after;
  }
  return {before, after};
}

// Per chip: the whole token as `anesim decode` runs it, unsplit and with
// the fleet's splits (ModelAdvice::time_us_priced; the same step when the
// fleet splits nothing).
struct TokenTimes {
  double before = 0, after = 0;
  double change_pct() const { return 100.0 * (after / before - 1.0); }
  bool slowed() const { return after > before; }
};
TokenTimes token_times(const ModelAdvice& m) {
  return {m.time_us_before, m.time_us_priced.value_or(m.time_us_before)};
}

std::string unknown_note(const FleetChip& c) {
  return fmt::format(
      "{}: the notch verdict is unknown; evaluated with the ring its description has ({})", c.name,
      variant_name(c.advice.chip));
}

// The fleet's `chips`: each chip's keys as fleet_chip_json_keys.def
// declares them, in its order.
Json chips_json(const FleetAdvice& f) {
  Json out = Json::array();
  for (const FleetChip& c : f.chips) {
    const auto [before, after] = totals(f, &c - f.chips.data());
    const TokenTimes t = c.model ? token_times(*c.model) : TokenTimes{};
    Json j;
#define ANESIM_RESULT_KEY(key, type, when, value, ...) \
  if (when) j[#key] = value;
#include <anesim/analysis/advise/fleet_chip_json_keys.def>
#undef ANESIM_RESULT_KEY
    out.push_back(std::move(j));
  }
  return out;
}

// A projection's `chips`, as fleet_cost_json_keys.def declares them.
Json costs_json(const FleetRow& r) {
  Json out = Json::array();
  for (const FleetCost& c : r.costs) {
    Json j;
#define ANESIM_RESULT_KEY(key, type, when, value, ...) \
  if (when) j[#key] = value;
#include <anesim/analysis/advise/fleet_cost_json_keys.def>
#undef ANESIM_RESULT_KEY
    out.push_back(std::move(j));
  }
  return out;
}

// The fleet's `projections`, as fleet_projection_json_keys.def declares them.
Json rows_json(const FleetAdvice& f) {
  Json out = Json::array();
  for (const FleetRow& r : f.rows) {
    Json j;
#define ANESIM_RESULT_KEY(key, type, when, value, ...) \
  if (when) j[#key] = value;
#include <anesim/analysis/advise/fleet_projection_json_keys.def>
#undef ANESIM_RESULT_KEY
    out.push_back(std::move(j));
  }
  return out;
}

}  // namespace

std::string fleet_advice_text(const FleetAdvice& f, const std::string& title) {
  if (f.chips.empty()) return "anesim advise: no chips\n";
  std::string out = fmt::format("anesim advise: {} on {} chips\n", title, f.chips.size());
  out += "Chips (notch verdict, confidence; ring simulated):\n";
  for (const FleetChip& c : f.chips) {
    out += fmt::format("  {:<10} {}, {}; {}\n", c.name, verdict_text(c.verdict), c.confidence,
                       variant_name(c.advice.chip));
  }
  for (const FleetChip& c : f.chips) {
    if (!c.verdict) out += "Note: " + unknown_note(c) + ".\n";
  }
  out +=
      "Per transfer: the chips it hits, one split that clears the notch on all of them, and "
      "that split's time on every chip (us per transfer, its own ring; + costs, - gains):\n";
  for (const FleetRow& r : f.rows) {
    const Transfer& t = r.transfer;
    std::string split = r.split == 1 ? std::string("no split needed")
                        : r.split == 0
                            ? fmt::format(
                                  "no split into 2..{} clears the notch on "
                                  "all of them",
                                  kMaxAdviceSplit)
                            : fmt::format("split {}: Cin {} (lines/core {})", r.split,
                                          joined(r.chunk_cin, " + "), joined(r.chunk_lines, ", "));
    out += fmt::format(
        "{} ({} x {}, x{}, {} lines/core): hits {}; {}\n", printable(t.name, 40), t.cin, t.cout,
        t.count, r.lines_per_core,
        r.affected_chips.empty() ? std::string("none") : joined(r.affected_chips, ", "), split);
    if (r.split < 2) continue;
    for (const FleetCost& c : r.costs) {
      const std::string own =
          c.own_split > 1 ? fmt::format("  (alone: split {})", c.own_split) : std::string();
      out +=
          fmt::format("  {:<10} {:<12} {:>10.2f} -> {:>10.2f} us  {:+7.2f} %{}{}\n", c.chip,
                      c.affected ? "affected" : "not affected", c.time_us_before, c.time_us_after,
                      change_pct(c), c.clears ? "" : "  (still in the notch)", own);
    }
  }
  if (!f.chips.front().model) return out;  // one shape: its row says it all
  out += findings_text(f.chips.front().model->model.findings);
  out +=
      "Per decoded token (the whole step, as anesim decode runs it), unsplit and with the "
      "fleet's splits:\n";
  std::vector<std::string> slowed;
  for (const FleetChip& c : f.chips) {
    const TokenTimes t = token_times(*c.model);
    out += fmt::format(
        "  {:<10} {:>12.1f} us ({:>8.3f} tok/s) -> {:>12.1f} us ({:>8.3f} tok/s)  "
        "{:+.2f} %{}\n",
        c.name, t.before, 1e6 / t.before, t.after, 1e6 / t.after, t.change_pct(),
        t.slowed() ? "  SLOWER" : "");
    if (t.slowed()) slowed.push_back(c.name);
  }
  if (!slowed.empty()) {
    out += fmt::format(
        "Note: the fleet's splits make the token slower on {}; a chip's own advice "
        "(advise --chip NAME) is faster there.\n",
        joined(slowed, ", "));
  }
  return out;
}

Json fleet_advice_json(const FleetAdvice& f, const std::string& title) {
  Json j;
  // Each key as fleet_json_keys.def declares it, in its order.
#define ANESIM_RESULT_KEY(key, type, when, value, ...) \
  if (when) j[#key] = value;
#include <anesim/analysis/advise/fleet_json_keys.def>
#undef ANESIM_RESULT_KEY
  return j;
}

std::string fleet_advice_csv(const FleetAdvice& f) {
  std::string out =
      "name,cin,cout,count,lines_per_core,affected_chips,advice,split,chunk_cin,chip,affected,"
      "own_split,time_us_before,time_us_after,change_pct,clears\n";
  for (const FleetRow& r : f.rows) {
    for (const FleetCost& c : r.costs) {
      out += fmt::format("{},{},{},{},{},{},{},{},{},{},{},{},{:.4f},{:.4f},{:.4f},{}\n",
                         csv_field(r.transfer.name), r.transfer.cin, r.transfer.cout,
                         r.transfer.count, r.lines_per_core, joined(r.affected_chips, ";"),
                         outcome(r), r.split == 0 ? std::string() : std::to_string(r.split),
                         joined(r.chunk_cin, ";"), c.chip, c.affected ? 1 : 0, c.own_split,
                         c.time_us_before, c.time_us_after, change_pct(c), c.clears ? 1 : 0);
    }
  }
  return out;
}

}  // namespace anesim
