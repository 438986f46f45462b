#include <anesim/api/chips.h>

#include <fmt/format.h>

#include <anesim/io/errors.h>
#include <anesim/io/text_functions.h>
#include <anesim/machine/chip_registry.h>
#include <anesim/machine/machine_config_reader.h>
#include <anesim/sim/ring/ring_variant.h>

namespace anesim::api {

Json chips_json(const std::string& device) {
  std::vector<ChipEntry> chips;
  if (device.empty()) {
    chips = chip_registry();
  } else if (std::optional<ChipEntry> c = find_chip_by_device(device)) {
    chips.push_back(std::move(*c));
  } else {
    throw FieldError("device",
                     fmt::format("{}: '{}' is not a device of the chip registry (marketing names "
                                 "as Apple's specification pages give them, e.g. \"iPhone 15 "
                                 "Pro\"; `anesim chips --json` lists each chip's devices)",
                                 field_mark("device"), printable(device, 80)));
  }
  Json out = Json::array();
  for (const ChipEntry& c : chips) {
    const MachineConfig cfg = load_config_file(c.file);
    Json j;
    j["name"] = c.name;
    j["family"] = c.families;
    j["devices"] = c.devices;
    j["generation"] = c.generation;
    j["memory"] = c.memory;
    j["dram_preset"] = cfg.dram.preset;
    j["peak_gbps"] = rounded(cfg.peak_gbps(), 2);
    j["ring"] = variant_name(cfg.ane.ring_variant);
    j["affected"] = c.affected ? Json(*c.affected) : Json(nullptr);
    j["verdict"] = c.verdict;
    j["confidence"] = c.confidence;
    j["evidence"] = c.evidence;
    j["verdict_from"] = c.verdict_from_generation ? "generation" : "chip";
    j["config"] = c.file;
    out.push_back(std::move(j));
  }
  return out;
}

}  // namespace anesim::api
