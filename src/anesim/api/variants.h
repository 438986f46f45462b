// The ring variants and the ring's geometry as the front ends (src/anesim/cli,
// src/anesim/python) name them: RingVariant, the variant table (ring_variants,
// find_variant, variant_name) and the line, lap and page sizes.
#pragma once

// IWYU pragma: begin_exports
#include <sim/base/ring_variant_id.h>
#include <sim/ring/geometry.h>
#include <sim/ring/ring_variant.h>
// IWYU pragma: end_exports
