// `advise`: which of a model's kernel-DMA transfers hit the 1 MiB notch and
// the split that clears each (docs/advise.md), or the same for one layer
// shape, as a typed request. The command line and Python's advise() and
// advise_model() build an AdviseRequest and call advise().
#pragma once

// Marked keep: MachineChoice and ModelChoice, types of advise_fields.def's
// rows, which IWYU does not see.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <anesim/analysis/advise/advice.h>
// NeedsSimulation, which advise() throws, for the front ends to catch.
#include <anesim/analysis/advise/simulation_cache.h>  // IWYU pragma: export
#include <anesim/api/machine_choice.h>                // IWYU pragma: keep
#include <anesim/api/model_source.h>                  // IWYU pragma: keep
#include <anesim/api/weight_format_fields.h>

namespace anesim::api {

// The user's fields are the rows of advise_fields.def: a model (by name,
// file or already read) or one layer shape cin x cout; the weights' dtype
// (the shape's, default fp16, or every weight of the model, default as its
// file says; NAME=DTYPE rules only for a model), kernel and groups (the
// shape's only: a model file gives each projection's); the machine, or
// with `chips` several (advise_fleet.h: fleet_request; advise() refuses
// them); exact: simulate every time, reading neither the description's
// timing table nor the on-disk cache (docs/advise.md); without_simulation:
// answer from the timing table alone, or throw NeedsSimulation
// (analysis/advise/simulation_cache.h) without simulating, which a model
// always throws (its whole-token steps are simulated). A machine whose
// memory needs SystemC runs as children reading its config path, so one
// given only as a MachineConfig is refused there. The CSV ("" = not
// wanted) is checked here and written by src/anesim/present/advice_output.h.
struct AdviseRequest {
#define ANESIM_FIELD(member, type, init, ...) type member{init};
#include <anesim/api/advise_fields.def>
#undef ANESIM_FIELD
  std::string progress_label;  // "" = no progress bar
  // Fleet advice (advise_fleet.h): row i's split into price_splits[i]
  // chunks is priced as well (TransferAdvice::priced); empty: none.
  std::vector<uint32_t> price_splits;
};

struct AdviseResult {
  std::optional<ModelAdvice> model;  // set for a model
  AdviceResult table;                // per transfer: the model's, or the shape's
};

// Checks the request, reads its inputs, checks the CSV's directory, then
// answers from the timing table, the cache or simulations. Throws FieldError, ConfigError (also for
// a stale table), ModelFileError, OutputError; SimulationError when a simulation fails.
AdviseResult advise(const AdviseRequest& request);

}  // namespace anesim::api
