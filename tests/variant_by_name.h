// A ring variant other than bug and fix (RingVariant's only enumerators,
// sim/base/ring_variant_id.h), found in the table by its name at run time,
// so that a new row of sim/ring/ring_variants.def recompiles no test.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>

#include <sim/ring/ring_variant.h>

namespace anesim::test {

inline RingVariant variant(const std::string& name) {
  const std::optional<RingVariant> v = find_variant(name);
  if (!v) throw std::invalid_argument("no ring variant " + name + " (" + variant_choices() + ")");
  return *v;
}

}  // namespace anesim::test
