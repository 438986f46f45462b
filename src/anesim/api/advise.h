// `advise`: which of a model's kernel-DMA transfers hit the 1 MiB notch and
// the split that clears each (docs/advise.md), or the same for one layer
// shape, as a typed request. The command line and Python's advise() and
// advise_model() build an AdviseRequest and call advise().
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <anesim/analysis/advise/advice.h>
#include <anesim/analysis/advise/simulation_cache.h>  // NeedsSimulation, which advise() throws
#include <anesim/api/machine_choice.h>
#include <anesim/io/json.h>
#include <anesim/model/dtype_rules.h>
#include <anesim/model/model_description.h>

namespace anesim::api {

struct AdviseRequest {
  // One of: a model by preset name or file path, a model already read, or
  // one layer shape cin x cout.
  std::string model;
  std::optional<ModelDescription> model_description;
  std::optional<uint64_t> cin, cout;
  // The weights' dtype: the shape's (default fp16), or every weight of the
  // model (default: as its file says). kernel and groups: the shape's only
  // (a model file gives each projection's).
  std::optional<Dtype> dtype;
  // A model's weights by name ("lm_head" -> lut6, "*" -> lut4; not with a
  // shape): applied after `dtype`, first matching rule wins.
  std::vector<DtypeRule> dtype_rules;
  std::optional<std::pair<uint64_t, uint64_t>> kernel;
  std::optional<uint64_t> groups;
  // Simulated as threads of this process (batch_runner.h); a machine whose
  // memory needs SystemC runs as children reading its config path, so one
  // given only as a MachineConfig is refused there.
  MachineChoice machine;
  uint64_t jobs = 2;           // simulations in parallel, 1..256
  std::string progress_label;  // "" = no progress bar
  // The per-transfer table as CSV ("" = not wanted): checked here, written
  // by src/anesim/present/advice_output.h.
  std::string csv;
  // Simulate every time, reading neither the description's timing table
  // nor the on-disk cache (docs/advise.md).
  bool exact = false;
  // Fleet advice (advise_fleet.h): row i's split into price_splits[i]
  // chunks is priced as well (TransferAdvice::priced); empty: none.
  std::vector<uint32_t> price_splits;
  // Answer from the timing table alone, or throw NeedsSimulation
  // (analysis/advise/simulation_cache.h) without simulating; a model always
  // throws it (its whole-token steps are simulated).
  bool without_simulation = false;
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
