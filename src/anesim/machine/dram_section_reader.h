// The sections whose keys belong to registered implementations
// (sim/base/registry.h): `dram:`, read by the generic keys here, then by its
// standard (dram.standard) and its refresh policy (dram.refresh); and
// `memory:`, read by its target (memory.target). Each implementation reads
// its own keys through a YamlConfigSection; an unknown name or key is an
// error at its file:line:column.
#pragma once

#include <anesim/io/yaml_section.h>
#include <sim/base/machine_config.h>

namespace anesim {

// Where every key is listed, for the unknown-key messages.
constexpr const char* kKeysHint =
    "configs/chips/m3-air.yaml lists every key; unknown keys are errors";

// top.dram into cfg.
void read_dram_section(YamlSection& top, DramConfig& cfg);

// The `memory:` section into cfg.
void read_memory_section(YamlSection& memory, MemoryConfig& cfg);

}  // namespace anesim
