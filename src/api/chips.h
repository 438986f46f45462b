// `anesim chips` and Python's anesim.chips(): every chip of the registry
// (configs/chips/registry.yaml) with its description read, so that the
// memory, peak and ring listed are what a run with --chip NAME simulates.
#pragma once

#include <anesim/io/json.h>

namespace anesim::api {

// A list of objects: name, family (Mac, iPhone, iPad), devices,
// generation, memory, peak_gbps, ring, affected (true, false or null),
// verdict, confidence, evidence, verdict_from ("chip": its own evidence;
// "generation": its generation's), config. With `device`, only the chip
// that device ships with; an unknown device throws FieldError (field
// "device") listing where the names come from. A bad description throws
// ConfigError naming its file.
Json chips_json(const std::string& device = "");

}  // namespace anesim::api
