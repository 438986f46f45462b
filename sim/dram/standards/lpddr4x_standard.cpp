// dram.standard lpddr4x (JESD209-4, LPDDR4X): 8 banks and no bank groups;
// CK carries 2 data beats (no WCK), so a BL32 line lasts 16 CK; per-bank
// refresh takes one bank per REFpb, 8 per tREFI, and there is no tPBR2ACT:
// an ACT after a REFpb waits tRRD.
#include <sim/base/registry.h>
#include <sim/dram/lpddr_structure.h>

namespace anesim {

namespace {
class Lpddr4xStandard final : public LpddrStandard {
 public:
  Lpddr4xStandard() : LpddrStandard({"lpddr4x", "LPDDR4X", "JESD209-4", 8, 2, 533, 4266, false}) {}
};
}  // namespace

ANESIM_REGISTER(DramStandard, Lpddr4xStandard)

}  // namespace anesim
