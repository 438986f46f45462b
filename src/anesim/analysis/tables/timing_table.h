// A characterized timing table (docs/advise.md, "Timing tables"): the cycle
// model's times for the payloads `anesim advise` asks about, simulated once
// by `anesim characterize` and read instead of simulating. Keyed by what a
// simulated time depends on, lines per core and the task mix, so any weight
// format or layer kind needs no table of its own.
//
// Three parts, each exact at its sampled points and linear between them:
//   fix     one task on the fixed ring, over 1..max_lines, sampled where
//           linear interpolation was checked against a simulation;
//   split   s near-equal tasks clear of the notch (s = 2..8), as the time
//           over `fix` of their total;
//   notch   the chip's ring inside the notch (k >= 1, |x| < 256): its time
//           over `fix` on a grid of (k, x), every x near the edges of the V
//           (where advise's decision flips) simulated with both rings, every
//           x next to 0 (no interpolation leans on the aligned point), and
//           x = 0 (whole laps) for every k up to notch_max_k.
// And, for a ring that re-derives its grant where a transfer starts on a lap
// boundary (relatch_epoch1, relatch_midpoint), whole laps once more for a
// task that starts mid-lap, as the tasks of a decode step do: there the
// repair never comes (step_from_table.h).
// Outside the notch the chip's ring runs the same cycles as the fixed one.
// And all of these once more for each rate at which the description's engine
// drains a format (ane.drain, engine_drain.h), every task drained at it:
// where the engine is slower than the kernel DMA, KMem fills and holds the
// ring's requests back, so neither the fixed curve nor the notch is the
// undrained one.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <anesim/io/json.h>
#include <sim/base/machine_config.h>
#include <sim/base/ring_variant_id.h>

namespace anesim {

using TimeCurve = std::vector<std::pair<uint64_t, double>>;  // (lines, us), lines ascending

struct NotchPoint {
  double chip_us = 0, fix_us = 0;
  bool fix_simulated = false;  // fix_us simulated, not read from `fix`
};

struct TimingTable {
  std::string description;       // the file it characterizes, for messages
  std::string description_hash;  // of the merged description (description_hash)
  std::string model_version;     // kModelVersion of the code that made it
  RingVariant chip = RingVariant::kBug;
  uint64_t max_lines = 0;    // fix and split cover 1..max_lines per core
  uint32_t notch_max_k = 0;  // the notch is covered for k = 1..notch_max_k
  TimeCurve fix;
  std::map<uint32_t, TimeCurve> split_extra;   // s -> (total lines, time - fix(total))
  std::vector<uint32_t> notch_k;               // sampled laps, ascending
  std::vector<int64_t> notch_x;                // sampled x, ascending, |x| < 256
  std::vector<std::vector<NotchPoint>> notch;  // [k index][x index]
  std::vector<double> aligned_extra;           // x = 0: chip - fix, k = 1..notch_max_k
  // The same for a task that starts mid-lap (off_lap_start_line); empty for
  // a ring whose time does not depend on where a whole-lap task starts.
  std::vector<double> off_lap_extra;
  // The engine's drain every task of this table ran at, cycles per line (0:
  // the kernel DMA alone), and the description's formats at that rate.
  double drain_cycles_per_line = 0;
  std::vector<std::string> drained_formats;
  // One table per distinct rate of ane.drain, ascending (their own empty).
  std::vector<TimingTable> drained;

  // The table for tasks drained at `drain` cycles per line (0: this one);
  // null where none was characterized (simulate instead).
  const TimingTable* for_drain(double drain) const;

  // One task of `lines` on ring `v` (the chip's or the fixed one); nullopt
  // where the table does not answer (simulate instead).
  std::optional<double> single(RingVariant v, uint64_t lines) const;
  // The same for a task that starts at `start_line` inside a run of tasks
  // (single() is a task that starts at line 0); nullopt also where the ring's
  // time depends on the start and the table has no sample for it.
  std::optional<double> single_at(RingVariant v, uint64_t lines, uint64_t start_line) const;
  // Back-to-back near-equal tasks on the chip's ring, each clear of the notch.
  std::optional<double> split(const std::vector<uint32_t>& tasks) const;
  // Whether the chip's ring costs `lines` time (costs_time); nullopt where
  // the table cannot decide it exactly (simulate instead).
  std::optional<bool> affected(uint64_t lines) const;

 private:
  std::optional<double> single_unchecked(RingVariant v, uint64_t lines) const;
  std::optional<double> single_at_unchecked(RingVariant v, uint64_t lines,
                                            uint64_t start_line) const;
  std::optional<double> split_unchecked(const std::vector<uint32_t>& tasks) const;
};

double interpolate(const TimeCurve& c, uint64_t lines);  // c covers `lines`

// Where characterize starts the mid-lap samples (off_lap_extra): half a lap in.
constexpr uint32_t kOffLapStartLine = 0x2000;
// Whether ring `v`'s time for a whole-lap task can depend on where the task
// starts: every ring that re-derives its grant at a wrap.
bool start_sensitive(RingVariant v);

Json timing_table_json(const TimingTable& t);
// Throws InputError naming `origin` for a file that is not a table, or
// whose numbers do not match its checksum.
TimingTable parse_timing_table(const std::string& text, const std::string& origin);
// Throws ConfigError naming `origin` and the field for a time no simulation
// of `cfg` can give: not positive and finite, or faster than every core's
// bytes at the memory's peak.
void check_table_physics(const TimingTable& t, const MachineConfig& cfg, const std::string& origin);

}  // namespace anesim
