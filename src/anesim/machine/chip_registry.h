// The chips anesim describes (configs/chips/registry.yaml): each name's
// machine description and the public evidence on its kernel-DMA notch.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace anesim {

// What is known of the notch: a chip's own evidence, or its generation's.
struct NotchVerdict {
  std::optional<bool> affected;  // the notch: true, false, or unknown
  std::string verdict;           // "affected", "not affected", "unknown", ...
  std::string confidence;        // measured, claimed, unknown, ...
  std::string evidence;          // what the verdict rests on, with its public source
};

// A Neural Engine generation (H13 ... H17): its ring and verdict, stated
// once and inherited by every chip of it without evidence of its own.
struct GenerationEntry {
  std::string name;  // "H16"
  std::string ring;  // the ring variant its descriptions take
  NotchVerdict notch;
};

struct ChipEntry {
  std::string name;                   // "m4-pro"
  std::string file;                   // the description, absolute or relative to the working folder
  std::vector<std::string> families;  // "Mac", "iPhone", "iPad": the devices it ships in
  std::vector<std::string> devices;   // marketing names ("iPhone 15 Pro")
  std::string generation;             // Neural Engine generation, "H16"
  std::string memory;                 // "LPDDR5X-8533, 256-bit"
  std::optional<bool> affected;       // the verdict in force (the chip's, else its generation's)
  std::string verdict, confidence, evidence;
  bool verdict_from_generation = false;  // no evidence of its own: its generation's
};

// configs/chips/registry.yaml under the data directory.
std::string chip_registry_path();
// Every chip, in the registry's order. Throws ConfigError for a bad registry.
std::vector<ChipEntry> chip_registry();
// "m1, m1-pro, ...".
std::string chip_names();
// Every generation, in the registry's order.
std::vector<GenerationEntry> chip_generations();
// The chip that ships in the device called `device` (case and spacing
// ignored), or nothing.
std::optional<ChipEntry> find_chip_by_device(const std::string& device);
// The chips of a named group: "macs", "iphones", "ipads" (by family) or
// "all"; nothing for another name.
std::optional<std::vector<std::string>> chip_group(const std::string& name);
// The chip called `name`, or nothing.
std::optional<ChipEntry> find_chip(const std::string& name);
// The description file of chip `name`; throws FieldError naming `field`
// (the option --chip or the argument chip) with the known names.
std::string chip_config_path(const std::string& name, const std::string& field = "chip");

}  // namespace anesim
