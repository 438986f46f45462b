// `characterize`: a machine description's timing table (docs/advise.md,
// "Timing tables"), simulated and written beside the description (or to
// `out`), as a typed request.
#pragma once

#include <cstdint>
#include <string>

#include <anesim/analysis/tables/timing_table.h>
#include <anesim/api/machine_choice.h>

namespace anesim::api {

struct CharacterizeRequest {
  MachineChoice machine;       // a file, or the built-in M3 Air
  std::string out;             // "" = beside the description (table_path_for)
  uint64_t jobs = 2;           // simulations in parallel, 1..256
  std::string progress_label;  // "" = no progress bar
};

struct CharacterizeResult {
  std::string path;  // where the table goes (src/present/characterize_output.h writes it)
  TimingTable table;
  size_t points = 0;  // sampled points in it
};

// Checks the request (the table's name and folder included) and simulates
// the table; writes nothing. Throws FieldError, ConfigError, OutputError;
// SimulationError when a simulation fails.
CharacterizeResult characterize(const CharacterizeRequest& request);

}  // namespace anesim::api
