#include <sim/ring/ring_variant.h>

#include <cstdlib>

#include <sim/ring/ring_variant_rows.h>

namespace anesim {

const std::vector<RingVariantInfo>& ring_variants() {
  static const std::vector<RingVariantInfo> table = {
#define ANESIM_RING_VARIANT(id, name, epoch_bits, space_guard, relatch, time_share, summary) \
  {variant_of(RingVariantRow::id),                                                           \
   name,                                                                                     \
   summary,                                                                                  \
   epoch_bits,                                                                               \
   space_guard != 0,                                                                         \
   Relatch::relatch,                                                                         \
   time_share != 0},
#include <sim/ring/ring_variants.def>
#undef ANESIM_RING_VARIANT
  };
  return table;
}

const RingVariantInfo& variant_info(RingVariant v) {
  for (const RingVariantInfo& info : ring_variants()) {
    if (info.id == v) {
      return info;
    }
  }
  std::abort();  // every enumerator comes from the same table
}

const char* variant_name(RingVariant v) { return variant_info(v).name; }

std::optional<RingVariant> find_variant(const std::string& name) {
  for (const RingVariantInfo& info : ring_variants()) {
    if (name == info.name) {
      return info.id;
    }
  }
  return std::nullopt;
}

const char* relatch_name(Relatch r) {
  for (const RelatchName& entry : kRelatchNames) {
    if (entry.value == r) {
      return entry.name;
    }
  }
  std::abort();  // every value comes from the same package
}

std::string variant_choices() {
  std::string s;
  for (const RingVariantInfo& info : ring_variants()) {
    s += (s.empty() ? "" : ", ") + std::string(info.name);
  }
  return s;
}

}  // namespace anesim
