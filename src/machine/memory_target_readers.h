// The readers of the `memory:` section, one per memory target, registered
// under the names of sim/memory/memory_targets.h (sim/ includes nothing from
// src/, so a target's keys are read here; tests/registry_test.cpp checks
// that both lists name the same targets in the same order).
#pragma once

#include <string>
#include <vector>

#include <anesim/io/yaml_section.h>
#include <anesim/sim/base/machine_config.h>

namespace anesim {

struct MemoryTargetReader {
  const char* name;  // the target's name in the registry
  const char* keys;  // its keys besides `target`, for messages ("": none)
  // Reads its keys of `memory` into `cfg` (their ranges checked).
  void (*read)(YamlSection& memory, MemoryConfig& cfg);
};

// Every reader, in the registry's order.
const std::vector<MemoryTargetReader>& memory_target_readers();

// Reads the `memory:` section: `target` names the reader, which reads its
// own keys; an unknown name or key is an error at its file:line:column.
void read_memory_section(YamlSection& memory, MemoryConfig& cfg);

}  // namespace anesim
