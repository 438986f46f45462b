// What the LPDDR standards share, read the same way for each: a standard
// gives its structure (LpddrStructure) and LpddrStandard reads and checks
// the dram section against it. An x16 channel moves 2 bytes per data beat.
#pragma once

#include <cstdint>

#include <sim/dram/dram_standard.h>

namespace anesim {

struct LpddrStructure {
  const char* name;         // dram.standard
  const char* title;        // "LPDDR5"; presets are "LPDDR5-<MT/s>"
  const char* document;     // "JESD209-5"
  uint32_t banks;           // per channel
  uint32_t beats_per_ck;    // data beats per CK: 2 (LPDDR4X), 8 (LPDDR5 WCK:CK 4:1)
  double min_mts, max_mts;  // the data rates of its speed bins
  bool has_pbr2act;         // tPBR2ACT exists (else an ACT after REFpb waits tRRD)
};

class LpddrStandard : public DramStandard {
 public:
  explicit LpddrStandard(const LpddrStructure& s) : s_(s) {}
  const char* name() const override { return s_.name; }
  const char* title() const override { return s_.title; }
  void read(ConfigSection& dram, ConfigSection& timings, DramConfig& cfg) const override;

 private:
  LpddrStructure s_;
};

}  // namespace anesim
