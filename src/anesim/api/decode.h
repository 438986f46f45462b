// `decode`: one decoded token of a model simulated as one run, before and
// after a split policy (docs/decode.md), as a typed request: what
// `anesim decode` builds from its options.
#pragma once

// Marked keep: uint64_t, ModelChoice and DtypeChoice, types of
// decode_fields.def's rows, which IWYU does not see.
#include <cstdint>  // IWYU pragma: keep
#include <string>

#include <anesim/analysis/decode/decode.h>
#include <anesim/api/model_source.h>          // IWYU pragma: keep
#include <anesim/api/weight_format_fields.h>  // IWYU pragma: keep

namespace anesim::api {

// Where the "after" side's splits come from.
enum class DecodeSplit { kNone, kAdvised, kFile };

// --split, split=: a policy, or a split file's splits (kFile). Implicitly
// made from a policy (`r.split = DecodeSplit::kNone`).
struct SplitChoice {
  SplitChoice(DecodeSplit p = DecodeSplit::kAdvised) : policy(p) {}
  DecodeSplit policy;
  std::string file;  // kFile: YAML, PROJECTION: CHUNKS
};
// "none", "advised", else a split file's name.
SplitChoice split_choice_field(const std::string& text);

// The user's fields are the rows of decode_fields.def: the model, the
// machine's file ("" = built-in M3 Air), the weights' dtype (unset: as the
// model says), the split policy, programs (1..the model's layers) and jobs
// (1..256); csv (every task of both steps) and timeline (.svg or .png) are
// checked here and written by src/anesim/present/decode_output.h ("" = not
// wanted).
struct DecodeRequest {
#define ANESIM_FIELD(member, type, init, ...) type member{init};
#include <anesim/api/decode_fields.def>
#undef ANESIM_FIELD
  std::string progress_label;
};

// Reads and checks every input (both plans included) before simulating,
// then simulates both steps. Throws FieldError, ConfigError, InputError,
// OutputError (an output's directory).
DecodeResult decode(const DecodeRequest& request);

}  // namespace anesim::api
