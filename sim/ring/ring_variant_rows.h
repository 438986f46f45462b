// Every row of sim/ring/ring_variants.def as an enumerator, for the few
// files that need the whole list when they compile: the table itself
// (ring_variant.cpp) and the factories with one model class per row
// (prefetch_ring.cpp, the benchmark's sc_clock_rings.cpp). A new row
// recompiles these; the rest of the code passes a RingVariant
// (sim/base/ring_variant_id.h) and reads the table at run time.
#pragma once

#include <sim/base/ring_variant_id.h>

namespace anesim {

enum class RingVariantRow : int {
#define ANESIM_RING_VARIANT(id, ...) id,
#include <sim/ring/ring_variants.def>
#undef ANESIM_RING_VARIANT
};

// RingVariant's two enumerators are the table's first two rows.
static_assert(static_cast<int>(RingVariantRow::kBug) == static_cast<int>(RingVariant::kBug),
              "ring_variants.def: bug must be the first row");
static_assert(static_cast<int>(RingVariantRow::kFix) == static_cast<int>(RingVariant::kFix),
              "ring_variants.def: fix must be the second row");

constexpr RingVariant variant_of(RingVariantRow row) { return static_cast<RingVariant>(row); }
constexpr RingVariantRow row_of(RingVariant v) { return static_cast<RingVariantRow>(v); }

}  // namespace anesim
