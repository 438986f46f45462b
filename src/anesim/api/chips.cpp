#include <anesim/api/chips.h>

#include <fmt/format.h>

#include <anesim/io/text_functions.h>
#include <anesim/machine/machine_config_reader.h>

namespace anesim::api {

std::vector<ChipSummary> chips(const std::string& device) {
  std::vector<ChipEntry> entries;
  if (device.empty()) {
    entries = chip_registry();
  } else if (std::optional<ChipEntry> c = find_chip_by_device(device)) {
    entries.push_back(std::move(*c));
  } else {
    throw FieldError("device",
                     fmt::format("{}: '{}' is not a device of the chip registry (marketing names "
                                 "as Apple's specification pages give them, e.g. \"iPhone 15 "
                                 "Pro\"; `anesim chips --json` lists each chip's devices)",
                                 field_mark("device"), printable(device, 80)));
  }
  std::vector<ChipSummary> out;
  for (ChipEntry& c : entries) {
    const MachineConfig cfg = load_config_file(c.file);
    out.push_back({std::move(c), cfg.dram.preset, cfg.peak_gbps(), cfg.ane.ring_variant});
  }
  return out;
}

std::vector<ChipSummary> chips(const ChipsRequest& request) { return chips(request.device); }

std::vector<GenerationSummary> generations() {
  const std::vector<ChipEntry> registry = chip_registry();
  std::vector<GenerationSummary> out;
  for (GenerationEntry& g : chip_generations()) {
    GenerationSummary s{std::move(g), {}};
    for (const ChipEntry& c : registry) {
      if (c.generation == s.generation.name) s.chips.push_back(c.name);
    }
    out.push_back(std::move(s));
  }
  return out;
}

}  // namespace anesim::api
