// `characterize`: a machine description's timing table (docs/advise.md,
// "Timing tables"), simulated and written beside the description (or to
// `out`), as a typed request.
#pragma once

// Marked keep: uint64_t and MachineChoice, types of characterize_fields.def's
// rows, which IWYU does not see.
#include <cstdint>  // IWYU pragma: keep
#include <string>

#include <anesim/analysis/tables/timing_table.h>
#include <anesim/api/machine_choice.h>  // IWYU pragma: keep

namespace anesim::api {

// The user's fields are the rows of characterize_fields.def (out "" =
// beside the description, table_path_for).
struct CharacterizeRequest {
#define ANESIM_FIELD(member, type, init, ...) type member{init};
#include <anesim/api/characterize_fields.def>
#undef ANESIM_FIELD
  std::string progress_label;  // "" = no progress bar
};

struct CharacterizeResult {
  std::string path;  // where the table goes (src/anesim/present/characterize_output.h writes it)
  TimingTable table;
  size_t points = 0;  // sampled points in it
};

// Checks the request (the table's name and folder included) and simulates
// the table; writes nothing. Throws FieldError, ConfigError, OutputError;
// SimulationError when a simulation fails.
CharacterizeResult characterize(const CharacterizeRequest& request);

}  // namespace anesim::api
