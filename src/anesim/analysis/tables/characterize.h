// `anesim characterize`: simulates the cycle model over the lengths and task
// mixes `anesim advise` asks about and returns them as a timing table
// (timing_table.h; docs/advise.md, "Timing tables").
#pragma once

#include <cstdint>
#include <string>

#include <anesim/analysis/tables/timing_table.h>
#include <sim/base/machine_config.h>

namespace anesim {

struct CharacterizeSettings {
  std::string config_path;       // the description's file ("" = built-in)
  std::string description_text;  // its content (hashed into the table)
  std::string description_name;  // as the table names it
  unsigned jobs = 2;
  std::string progress_label;     // "" = no progress bar
  uint64_t max_lines = 1u << 20;  // fix and split curves: 1..max_lines (64 MiB per core)
  uint32_t notch_max_k = 8;       // the notch up to 8 MiB per core
};

// Throws SimulationError when a simulation fails.
TimingTable characterize(const MachineConfig& cfg, const CharacterizeSettings& s);

// The table's sampled points: laps and x offsets of the notch grid, and the
// split totals for s chunks (used by characterize and by the test that
// regenerates a sample of a shipped table).
std::vector<uint32_t> notch_laps(uint32_t notch_max_k);
std::vector<int64_t> notch_offsets();
bool fix_simulated_at(int64_t x);  // where the notch grid simulates both rings
std::vector<uint32_t> near_equal_tasks(uint64_t total, uint32_t s);

}  // namespace anesim
