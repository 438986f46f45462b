// dram.standard lpddr5 (JESD209-5): 16 banks; CK at WCK:CK 4:1 carries 8
// data beats, so a BL32 line lasts 4 CK; a REFpb refreshes a bank pair (8
// per tREFI) and an ACT after it waits tPBR2ACT.
#include <sim/base/registry.h>
#include <sim/dram/lpddr_structure.h>

namespace anesim {

namespace {
class Lpddr5Standard final : public LpddrStandard {
 public:
  Lpddr5Standard() : LpddrStandard({"lpddr5", "LPDDR5", "JESD209-5", 16, 8, 1600, 6400, true}) {}
};
}  // namespace

ANESIM_REGISTER(DramStandard, Lpddr5Standard)

}  // namespace anesim
