// Fleet advice (`anesim advise --chip m3,m4,m5-pro`, docs/advise.md,
// "Fleet"): one model built once for many chips. Per projection, the chips
// it hits, ONE split that clears the notch on every one of them, and that
// split's time on every chip, unaffected ones included (a split adds
// dispatches everywhere). Each chip's answer is advise_transfers' own; this
// file only combines them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <anesim/analysis/advise/advice.h>

namespace anesim {

// One chip's advice, as api::advise gave it for that chip's description.
struct FleetChip {
  std::string name;             // "m4-pro"
  std::optional<bool> verdict;  // the registry's: true, false, or unknown
  std::string confidence;       // the registry's
  AdviceResult advice;          // rows in the same order on every chip
  std::optional<ModelAdvice> model;
};

// The smallest split s in 2..kMaxAdviceSplit that clears the notch on
// every chip where row i is affected (advise's own rule per chip:
// TransferAdvice::clearing_splits); 1 when no chip is affected, 0 when no
// split clears on all of them.
std::vector<uint32_t> fleet_splits(const std::vector<FleetChip>& chips);

// Row i on one chip, with the fleet split priced (TransferAdvice::priced).
struct FleetCost {
  std::string chip;
  bool affected = false;
  double time_us_before = 0;  // the chip's own ring, unsplit
  double time_us_after = 0;   // the fleet split's chunks as tasks (= before when none)
  bool clears = true;         // the fleet split takes every chunk out of the notch here
  uint32_t own_split = 1;     // what advise on this chip alone says (1: none)
};

struct FleetRow {
  Transfer transfer;
  uint64_t lines_per_core = 0;
  std::vector<std::string> affected_chips;
  uint32_t split = 1;  // 1: no chip affected; 0: no split 2..8 clears on all of them
  std::vector<uint64_t> chunk_cin, chunk_lines;
  std::vector<FleetCost> costs;  // one per chip, in the request's order
};

struct FleetAdvice {
  std::vector<FleetChip> chips;
  std::vector<FleetRow> rows;
};

// Combines chips advised with AdviceSettings::price_splits = fleet_splits
// (so every affected row's split is priced on every chip). Throws
// std::logic_error when the chips' rows do not match.
FleetAdvice combine_fleet(std::vector<FleetChip> chips);

}  // namespace anesim
