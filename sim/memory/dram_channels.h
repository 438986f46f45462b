// The DRAM behind the fabric, as the fabric holds it: the address map that
// decodes a line and the LPDDR5 channels every memory port drives. The
// fabric reaches the DRAM family only through sim/memory/, so that
// sim/fabric/ includes nothing from sim/dram/ (tests/layout_test.cpp).
#pragma once

#include <vector>

#include <anesim/sim/base/machine_config.h>
#include <anesim/sim/dram/dram_address_map.h>
#include <anesim/sim/dram/lpddr5_channel.h>

namespace anesim {

struct DramChannels {
  explicit DramChannels(const DramConfig& cfg)
      : map(cfg), channels(cfg.channels, Lpddr5Channel(cfg)) {}

  DramAddressMap map;
  std::vector<Lpddr5Channel> channels;
};

}  // namespace anesim
