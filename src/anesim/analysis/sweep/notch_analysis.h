// Where the notch of one lap's x sweep sits, how deep it is and where it
// recovers (bug and fix variants at the same x values).
#pragma once

#include <cstdint>
#include <vector>

namespace anesim {

struct NotchFigures {
  int64_t centre_x = 0;        // x of the slowest bug point
  double floor_gbps = 0;       // bug throughput there
  double nominal_gbps = 0;     // fix throughput there
  int64_t recovery_left = 0;   // smallest |x| on the x < 0 side from which bug >= (1 - tol) fix
  int64_t recovery_right = 0;  // same on the x > 0 side
  bool recovered_left = false, recovered_right = false;
};

NotchFigures analyse_notch(const std::vector<int64_t>& x, const std::vector<double>& bug_gbps,
                           const std::vector<double>& fix_gbps, double tolerance);

// The V's shape around x = 0, from the bug's points at x = 0, +-centre and
// +-256 (and every x between for the line): is bandwidth linear in |x|
// ("recovery roughly linear in prefetch credits"), and how much steeper is
// the time ramp near the centre than its 256-line average?
struct VShape {
  bool measured = false;          // x holds 0, +-centre and +-256
  double max_line_deviation = 0;  // max |B(x) - straight line| / B(256), 0 < |x| < 256
  double centre_ramp_ratio = 0;   // time saved per line over |x| <= centre, over the
                                  // same over |x| <= 256 (both sides averaged)
};
VShape analyse_v_shape(const std::vector<int64_t>& x, const std::vector<double>& bug_gbps,
                       const std::vector<double>& bug_time_us, int64_t centre = 16);

}  // namespace anesim
