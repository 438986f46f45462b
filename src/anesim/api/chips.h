// `anesim chips` and Python's anesim.chips(): every chip of the registry
// (configs/chips/registry.yaml) with its description read, so that the
// memory, peak and ring listed are what a run with --chip NAME simulates.
#pragma once

#include <string>
#include <vector>

#include <anesim/machine/chip_registry.h>
#include <sim/base/ring_variant_id.h>

namespace anesim::api {

// A registry row and what its description says.
struct ChipSummary {
  ChipEntry chip;  // name, families, devices, generation, memory, verdict, file
  std::string dram_preset;
  double peak_gbps = 0;
  RingVariant ring = RingVariant::kBug;
};

// The field is the row of chips_fields.def: a device's marketing name, or
// "" for every chip.
struct ChipsRequest {
#define ANESIM_FIELD(member, type, init, ...) type member{init};
#include <anesim/api/chips_fields.def>
#undef ANESIM_FIELD
};

// Every chip in the registry's order; with `device`, only the chip that
// device ships with; an unknown device throws FieldError (field "device")
// listing where the names come from. A bad description throws ConfigError
// naming its file. src/anesim/present/chips_output.h lists them.
std::vector<ChipSummary> chips(const std::string& device = "");
std::vector<ChipSummary> chips(const ChipsRequest& request);

// A Neural Engine generation as the registry states it, with its chips.
struct GenerationSummary {
  GenerationEntry generation;      // name, ring, verdict, confidence, evidence
  std::vector<std::string> chips;  // its chips' names, in the registry's order
};

// Every generation in the registry's order (`anesim chips --generations`).
std::vector<GenerationSummary> generations();

}  // namespace anesim::api
