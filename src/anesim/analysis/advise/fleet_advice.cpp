#include <anesim/analysis/advise/fleet_advice.h>
#include <anesim/analysis/tables/notch_rules.h>

#include <algorithm>
#include <stdexcept>

namespace anesim {

namespace {

void check_rows(const std::vector<FleetChip>& chips) {
  for (const FleetChip& c : chips) {
    if (c.advice.rows.size() != chips.front().advice.rows.size()) {
      throw std::logic_error("fleet advice: the chips' transfers differ");
    }
  }
}

}  // namespace

std::vector<uint32_t> fleet_splits(const std::vector<FleetChip>& chips) {
  if (chips.empty()) return {};
  check_rows(chips);
  std::vector<uint32_t> out;
  for (size_t i = 0; i < chips.front().advice.rows.size(); ++i) {
    bool any = false;
    // A split counts when it clears on every affected chip.
    std::vector<bool> ok(kMaxAdviceSplit + 1, true);
    for (const FleetChip& c : chips) {
      const TransferAdvice& a = c.advice.rows[i];
      if (!a.affected) continue;
      any = true;
      for (uint32_t s = 2; s <= kMaxAdviceSplit; ++s) {
        const auto& cs = a.clearing_splits;
        ok[s] = ok[s] && std::find(cs.begin(), cs.end(), s) != cs.end();
      }
    }
    uint32_t split = any ? 0 : 1;
    for (uint32_t s = 2; any && s <= kMaxAdviceSplit && split == 0; ++s) {
      if (ok[s]) split = s;
    }
    out.push_back(split);
  }
  return out;
}

FleetAdvice combine_fleet(std::vector<FleetChip> chips) {
  FleetAdvice out;
  if (chips.empty()) return out;
  check_rows(chips);
  const std::vector<uint32_t> splits = fleet_splits(chips);
  for (size_t i = 0; i < splits.size(); ++i) {
    FleetRow row;
    const TransferAdvice& first = chips.front().advice.rows[i];
    row.transfer = first.transfer;
    row.lines_per_core = first.lines_per_core;
    row.split = splits[i];
    row.chunk_cin = {first.transfer.cin};
    row.chunk_lines = {first.lines_per_core};
    for (const FleetChip& c : chips) {
      const TransferAdvice& a = c.advice.rows[i];
      if (a.affected) row.affected_chips.push_back(c.name);
      FleetCost cost{c.name, a.affected, a.time_us_before, a.time_us_before, !a.affected, a.split};
      if (row.split >= 2) {
        if (!a.priced || a.priced->split != row.split) {
          throw std::logic_error("fleet advice: a chip's advice lacks the fleet split's price");
        }
        row.chunk_cin = a.priced->chunk_cin;
        row.chunk_lines = a.priced->chunk_lines;
        cost.time_us_after = a.priced->time_us;
        cost.clears = a.priced->clears;
      }
      row.costs.push_back(cost);
    }
    out.rows.push_back(std::move(row));
  }
  out.chips = std::move(chips);
  return out;
}

}  // namespace anesim
