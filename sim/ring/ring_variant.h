// The ring variants as C++ sees them: the table read from
// sim/ring/ring_variants.def. Code passes a RingVariant
// (sim/base/ring_variant_id.h); the name is for people. Nothing here
// depends on the table's list of rows, so a new row recompiles only the
// files that include sim/ring/ring_variant_rows.h.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <anesim/generated/ring_geometry.h>
#include <anesim/generated/ring_mechanism.h>
#include <sim/base/ring_variant_id.h>

namespace anesim {

struct RingVariantInfo {
  RingVariant id;
  const char* name;         // on the command line, in CSV and JSON
  const char* summary;      // one line, for reports
  uint32_t epoch_bits;      // rtl parameter EpochBits
  bool space_guard;         // rtl parameter SpaceGuard
  Relatch relatch_at_wrap;  // rtl parameter RelatchAtWrap (relatch_e of rtl/kdma_pkg.sv)
  bool time_share;          // rtl parameter TimeShare
};

// Every variant, in table order.
const std::vector<RingVariantInfo>& ring_variants();
const RingVariantInfo& variant_info(RingVariant v);
const char* variant_name(RingVariant v);
std::optional<RingVariant> find_variant(const std::string& name);
// "bug, fix, ...": the accepted names, for messages.
std::string variant_choices();
// The mechanism's RTL name ("RelatchEpoch1AtWrap").
const char* relatch_name(Relatch r);

// With the ring-index bits (14) plus the epoch bits, the ring's distance
// covers every 32-bit transfer length only when the pointer has at least 33
// bits (docs/formal.md): such a variant never starves; any other does.
inline bool never_starves(const RingVariantInfo& v) { return kRingIndexBits + v.epoch_bits > 32; }

}  // namespace anesim
