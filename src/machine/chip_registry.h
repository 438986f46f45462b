// The chips anesim describes (configs/chips/registry.yaml): each name's
// machine description and the public evidence on its kernel-DMA notch.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace anesim {

struct ChipEntry {
  std::string name;              // "m4-pro"
  std::string file;              // the description, absolute or relative to the working folder
  std::string generation;        // Neural Engine generation, "H16"
  std::string memory;            // "LPDDR5X-8533, 256-bit"
  std::optional<bool> affected;  // the notch: true, false, or unknown
  std::string verdict;           // "affected", "not affected", "unknown", ...
  std::string confidence;        // measured, inferred from a sibling, claimed, unknown
  std::string evidence;          // what the verdict rests on, with its public source
};

// configs/chips/registry.yaml under the data directory.
std::string chip_registry_path();
// Every chip, in the registry's order. Throws ConfigError for a bad registry.
std::vector<ChipEntry> chip_registry();
// "m1, m1-pro, ...".
std::string chip_names();
// The chip called `name`, or nothing.
std::optional<ChipEntry> find_chip(const std::string& name);
// The description file of chip `name`; throws FieldError naming `field`
// (the option --chip or the argument chip) with the known names.
std::string chip_config_path(const std::string& name, const std::string& field = "chip");

}  // namespace anesim
