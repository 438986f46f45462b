// A ring variant as the code passes it: a row of the table
// sim/ring/ring_variants.def, numbered from 0 in table order. Only the two
// rows the code itself names are enumerators here (the table's first two;
// sim/ring/ring_variant_rows.h checks them against it), so that a new row
// recompiles none of the files that include this one. Any other row is
// reached through the table (sim/ring/ring_variant.h: find_variant,
// ring_variants()).
#pragma once

namespace anesim {

enum class RingVariant : int {
  kBug = 0,  // the erratum: the M3's own ring, every default
  kFix = 1,  // epoch-extended pointers: what the analyses compare with
};

}  // namespace anesim
