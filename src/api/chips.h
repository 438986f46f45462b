// `anesim chips` and Python's anesim.chips(): every chip of the registry
// (configs/chips/registry.yaml) with its description read, so that the
// memory, peak and ring listed are what a run with --chip NAME simulates.
#pragma once

#include <anesim/io/json.h>

namespace anesim::api {

// A list of objects: name, generation, memory, peak_gbps, ring, affected
// (true, false or null), verdict, confidence, evidence, config. A bad
// description throws ConfigError naming its file.
Json chips_json();

}  // namespace anesim::api
