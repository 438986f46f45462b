// The notch rules of `anesim advise` (notch_rules.h).
#include <anesim/analysis/tables/notch_rules.h>

#include <cstdlib>

#include <sim/core/workload.h>
#include <sim/ring/geometry.h>

namespace anesim {

namespace {

// The erratum "costs time" when the bug variant's time exceeds the fix
// variant's by more than this fraction. The simulation is deterministic:
// outside the notch both variants run the same cycles and print the same
// time (measured equal at x = -256 and x = +256 for k = 1, 2, 4, 8, 16), so
// the margin is not there for noise but so that a difference of a handful
// of cycles, or of the last printed digit, never flags a transfer. At the
// V's very edge, x = +-255, the erratum costs 0.13-0.18 % (k = 1 to 16): the
// lookahead is shut 16 cycles in 4096, less than a memory round trip. From
// x = +-248 (1.5 % at k = 1, 2.2 % at k = 16) transfers are flagged.
constexpr double kCostTolerance = 0.005;

}  // namespace

bool below_first_lap(uint64_t lines) { return lines < kRingLines - kPageLines; }

bool in_notch_by_rule(uint64_t lines) {
  const LapPosition p = lap_position(lines);
  return p.k >= 1 && std::llabs(p.x) < static_cast<int64_t>(kPageLines);
}

bool costs_time(double bug_time_us, double fix_time_us) {
  return bug_time_us > fix_time_us * (1.0 + kCostTolerance);
}

}  // namespace anesim
