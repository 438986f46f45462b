// dram.standard lpddr5x (JESD209-5C, LPDDR5X): the LPDDR5 channel at the
// faster speed bins: 16 banks, 8 data beats per CK, a REFpb refreshes a
// bank pair (8 per tREFI) and an ACT after it waits tPBR2ACT.
#include <sim/base/registry.h>
#include <sim/dram/lpddr_structure.h>

namespace anesim {

namespace {
class Lpddr5xStandard final : public LpddrStandard {
 public:
  Lpddr5xStandard()
      : LpddrStandard({"lpddr5x", "LPDDR5X", "JESD209-5C", 16, 8, 1600, 10667, true}) {}
};
}  // namespace

ANESIM_REGISTER(DramStandard, Lpddr5xStandard)

}  // namespace anesim
