// `anesim advise`: which of a model's kernel-DMA transfers sit in the 1 MiB
// notch, the split along Cin that takes them out, a padding alternative, and
// the decode speed before and after (docs/advise.md). Every time comes from
// simulating both ring variants (batch_runner.h); the rules below only
// decide what needs simulating and are unit-tested on their own.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <anesim/model/model_description.h>
#include <anesim/model/model_transfers.h>
#include <sim/base/machine_config.h>
#include <sim/core/workload.h>

#include <anesim/analysis/advise/advice_settings.h>
#include <anesim/analysis/step/step_plan.h>

namespace anesim {

// --- Payload arithmetic beyond <anesim/model/model_transfers.h>.

// "2*0x4000+0", "7*0x4000-2816".
std::string lap_text(uint64_t lines);

// The smallest D' > cin whose payload is out of the notch by the rule
// (|x| >= 256 lines from the nearest multiple of 0x4000); nullopt when
// none fits 2^32-1 lines.
std::optional<uint64_t> padded_cin(uint64_t cin, uint64_t cout, uint32_t element_bytes);
// The same for any format; with groups, D' stays a multiple of them.
std::optional<uint64_t> padded_cin(uint64_t cin, uint64_t cout, const WeightFormat& f);

// --- Advice.

enum class AdviceKind {
  kNotAffected,    // the bug costs no time: leave it as it is
  kSplit,          // split into `split` chunks: clears the notch and is faster
  kSplitSlower,    // the fewest clearing chunks take longer than the notch costs
  kNoSplitClears,  // no split into 2..8 chunks takes every chunk out
  // A model's transfer whose clearing split is faster alone but makes the
  // whole token slower (its extra dispatches, the memory's state carried
  // from task to task): no split advised.
  kSplitSlowsStep,
};
// "not affected", "split", "split slower", "no split clears the notch",
// "split slows the step".
const char* advice_kind_name(AdviceKind k);

// A given split's chunks run as the tasks of one transfer (fleet advice).
struct PricedSplit {
  uint32_t split = 1;
  std::vector<uint64_t> chunk_cin, chunk_lines;
  double time_us = 0;   // this machine's own ring
  bool clears = false;  // no chunk is affected on this machine
};

struct TransferAdvice {
  Transfer transfer;
  uint64_t bytes_per_core = 0, lines_per_core = 0;
  LapPosition lap;
  bool affected = false;
  double time_us_before = 0;          // bug variant, one transfer
  std::optional<double> time_us_fix;  // fix variant, when simulated
  double gbps_before = 0;             // ane_cores x lines x 64 B / time
  AdviceKind kind = AdviceKind::kNotAffected;
  uint32_t split = 1;               // advised chunks; 1 when none
  std::vector<uint64_t> chunk_cin;  // their channel counts ({cin} when none)
  std::vector<uint64_t> chunk_lines;
  double time_us_after = 0;  // the split transfer's bug-variant time (its chunks as tasks)
  double gbps_after = 0;
  uint32_t clearing_split = 1;        // kSplitSlower: the split that clears the notch
  double clearing_split_time_us = 0;  // and its time
  // Only where at least kMinAlternativeGain faster than time_us_after.
  std::optional<uint64_t> padding_cin;
  uint64_t padding_lines = 0;
  double padding_time_us = 0;
  std::vector<uint32_t> clearing_splits;  // affected: every s in 2..8 whose chunks all clear
  std::optional<PricedSplit> priced;      // AdviceSettings::price_splits asked for it
};

struct AdviceResult {
  std::string config_name;
  RingVariant chip = RingVariant::kBug;  // the config's ring: every "before" time
  uint32_t ane_cores = 16;
  uint32_t element_bytes = 2;  // as given; the rows' formats are what counts
  std::vector<TransferAdvice> rows;
  bool simulated = false;  // some time simulated (or read from the on-disk cache), not tabled
};

// Each transfer's payload follows its own format (Transfer::format);
// `element_bytes` is only kept in the result (AdviceResult::element_bytes),
// which no output reads since the formats are per transfer. Simulates each
// transfer (bug, and fix where it can be affected), then the candidate
// splits and paddings of the affected ones. Identical payloads are
// simulated once. Throws InputError for a transfer too large to simulate,
// std::runtime_error when a simulation fails.
AdviceResult advise_transfers(const std::vector<Transfer>& transfers, uint32_t element_bytes,
                              const MachineConfig& cfg, const AdviceSettings& settings);

// An alternative (padding) is offered only when it gains at least this
// fraction of the advised time.
constexpr double kMinAlternativeGain = 0.01;

struct ModelAdvice {
  ModelDescription model;
  AdviceResult advice;
  std::vector<std::string> left_out;  // tensors not counted, and why
  double bytes_per_token = 0;         // weight bytes streamed per decoded token
  double time_us_before = 0, time_us_after = 0, time_us_fix_variant = 0;
  double gbps_before = 0, gbps_after = 0, gbps_fix_variant = 0;
  double tokens_per_s_before = 0, tokens_per_s_after = 0, tokens_per_s_fix_variant = 0;
  bool steps_composed = false;  // the steps from the timing table, not simulated
  // Projections whose split each row advised alone but the token refutes:
  // the step with that split alone is no faster than without it.
  std::vector<std::string> splits_slowing_step;
  // AdviceSettings::price_splits as a token: the step with those splits
  // (fleet advice; unset when none was asked).
  std::optional<double> time_us_priced;
  std::optional<double> tokens_per_s_priced;
};

// The splits the rows advise, as a decode step's policy (labelled "advised").
SplitPolicy split_policy_of(const AdviceResult& advice);

ModelAdvice advise_model(const ModelDescription& m, const MachineConfig& cfg,
                         const AdviceSettings& settings);

// The stated assumption, for every presentation.
extern const char* const kDecodeAssumption;

}  // namespace anesim
