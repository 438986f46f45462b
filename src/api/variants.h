// The ring variants and the ring's geometry as the front ends (src/cli,
// src/python) name them: RingVariant, the variant table (ring_variants,
// find_variant, variant_name) and the line, lap and page sizes.
#pragma once

#include <anesim/sim/ring/geometry.h>
#include <anesim/sim/ring/ring_variant.h>
