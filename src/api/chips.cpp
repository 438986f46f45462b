#include <anesim/api/chips.h>

#include <anesim/machine/chip_registry.h>
#include <anesim/machine/machine_config_reader.h>
#include <anesim/sim/ring/ring_variant.h>

namespace anesim::api {

Json chips_json() {
  Json out = Json::array();
  for (const ChipEntry& c : chip_registry()) {
    const MachineConfig cfg = load_config_file(c.file);
    Json j;
    j["name"] = c.name;
    j["generation"] = c.generation;
    j["memory"] = c.memory;
    j["dram_preset"] = cfg.dram.preset;
    j["peak_gbps"] = rounded(cfg.peak_gbps(), 2);
    j["ring"] = variant_name(cfg.ane.ring_variant);
    j["affected"] = c.affected ? Json(*c.affected) : Json(nullptr);
    j["verdict"] = c.verdict;
    j["confidence"] = c.confidence;
    j["evidence"] = c.evidence;
    j["config"] = c.file;
    out.push_back(std::move(j));
  }
  return out;
}

}  // namespace anesim::api
