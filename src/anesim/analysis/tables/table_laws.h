// The laws a timing table's times follow past its samples (docs/advise.md,
// "Timing tables"), so that every length a valid shape can have (up to
// 2^32-1 lines per core) is answered from the table:
//   - the fixed ring streams at its steady rate: past max_lines its time
//     grows as along the table's last segment, when the last two segments
//     agree on that rate;
//   - inside the notch, the chip's ring costs the same time more per lap:
//     past notch_max_k its extra over the fixed ring grows, at each x, by
//     what it grew per lap between the last two sampled laps (a whole
//     number of laps, sampled at every lap, by its step over two laps).
// tests/bench_fleet.py (coverage) checks both against the cycle model.
#pragma once

#include <cstdint>
#include <optional>

#include <anesim/analysis/tables/timing_table.h>

namespace anesim {

// One task of `lines` on the fixed ring: sampled, or past max_lines by the
// steady rate; nullopt when the table's last segments disagree on it.
std::optional<double> fixed_ring_time(const TimingTable& t, uint64_t lines);

// The chip's ring minus the fixed ring for a task of k laps and x lines off
// them (k >= 1, |x| < 256), interpolated along x and k between samples and
// past notch_max_k by the per-lap law; nullopt past them for a table of
// fewer than two sampled laps (no law to follow).
std::optional<double> notch_extra_time(const TimingTable& t, uint64_t k, int64_t x);

// A series sampled at laps 1..n (aligned_extra, off_lap_extra) at lap k:
// itself, or past n by its last step over two laps, from the last sampled
// lap of k's parity; nullopt for fewer than 4 samples.
std::optional<double> per_lap_series(const std::vector<double>& by_lap, uint64_t k);

}  // namespace anesim
