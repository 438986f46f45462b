// A JEDEC DRAM standard (dram.standard): the structure of a channel (banks,
// data beats per CK, how per-bank refresh reaches a bank) and the ranges of
// its speed bins and timings. Each standard is one file of
// sim/dram/standards/, registered in Registry<DramStandard> by name; it
// reads and checks its part of the dram section, so a chip description
// cannot give a channel a structure its standard does not have. The
// controller (sim/dram/dram_channel.h) is one engine for all: it takes the
// structure from the DramConfig the standard filled in.
#pragma once

#include <sim/base/config_section.h>
#include <sim/base/machine_config.h>

namespace anesim {

class DramStandard {
 public:
  virtual ~DramStandard() = default;
  // The value of dram.standard, as lpddr5.
  virtual const char* name() const = 0;
  // For messages and presets: "LPDDR5" (a preset is "LPDDR5-6400").
  virtual const char* title() const = 0;
  // Reads the standard's keys of `dram` (cfg.clock_mhz already read) and
  // `timings` into cfg, checking each against the standard.
  virtual void read(ConfigSection& dram, ConfigSection& timings, DramConfig& cfg) const = 0;
};

}  // namespace anesim
