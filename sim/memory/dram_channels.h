// The DRAM of the dram section, as both memory systems hold it: the address
// map that decodes a line and the channels of dram.standard
// (sim/memory/memory_system.h).
#pragma once

#include <vector>

#include <sim/base/machine_config.h>
#include <sim/dram/dram_address_map.h>
#include <sim/dram/dram_channel.h>

namespace anesim {

struct DramChannels {
  explicit DramChannels(const DramConfig& cfg)
      : map(cfg), channels(cfg.channels, DramChannel(cfg)) {}

  DramAddressMap map;
  std::vector<DramChannel> channels;
};

}  // namespace anesim
