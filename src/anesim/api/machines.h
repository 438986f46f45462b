// Machine descriptions as the front ends (src/anesim/cli, src/anesim/python) read and
// build them: MachineConfig, the description reader and the built-in M3
// Air, the chip registry, overlays (base: CHIP) and config patches.
#pragma once

// IWYU pragma: begin_exports
#include <anesim/machine/builtin_config.h>
#include <anesim/machine/chip_registry.h>
#include <anesim/machine/config_overlay.h>
#include <anesim/machine/config_patch.h>
#include <anesim/machine/machine_config_reader.h>
#include <sim/base/machine_config.h>
// IWYU pragma: end_exports
