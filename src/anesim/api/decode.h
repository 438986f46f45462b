// `decode`: one decoded token of a model simulated as one run, before and
// after a split policy (docs/decode.md), as a typed request: what
// `anesim decode` builds from its options.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <anesim/analysis/decode/decode.h>
#include <anesim/model/dtype_rules.h>
#include <anesim/model/model_description.h>

namespace anesim::api {

// Where the "after" side's splits come from.
enum class DecodeSplit { kNone, kAdvised, kFile };

struct DecodeRequest {
  std::string model;  // a preset name or a model file; or
  std::optional<ModelDescription> model_description;
  std::optional<Dtype> dtype;          // every weight stored as this; unset: as the model says
  std::vector<DtypeRule> dtype_rules;  // then a format per weight name (model/dtype_rules.h)
  std::string config;                  // the machine's file; "" = built-in M3 Air
  DecodeSplit split = DecodeSplit::kAdvised;
  std::string split_file;  // kFile: YAML, PROJECTION: CHUNKS
  uint64_t programs = 1;   // 1..the model's layers
  uint64_t jobs = 2;       // 1..256
  std::string progress_label;
  // Checked here, written by src/anesim/present/decode_output.h; "" = not wanted.
  std::string csv;       // every task of both steps
  std::string timeline;  // .svg or .png
};

// Reads and checks every input (both plans included) before simulating,
// then simulates both steps. Throws FieldError, ConfigError, InputError,
// OutputError (an output's directory).
DecodeResult decode(const DecodeRequest& request);

}  // namespace anesim::api
