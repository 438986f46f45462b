// The ring variants as C++ sees them: an enum and a table, both generated
// from sim/ring/ring_variants.def. Code passes the enum; the name is for people.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <anesim/generated/ring_geometry.h>
#include <anesim/generated/ring_mechanism.h>

namespace anesim {

enum class RingVariant {
#define ANESIM_RING_VARIANT(id, name, epoch_bits, space_guard, relatch, time_share, summary) id,
#include <anesim/sim/ring/ring_variants.def>
#undef ANESIM_RING_VARIANT
};

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
