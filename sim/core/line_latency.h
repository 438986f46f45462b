// Where a line's cycles go between the ring's request and the consumer's
// retire, per issue path (prefetch, demand). The stages partition the
// request-to-retire time, so per line (and hence in the means) the stage
// times add up to the total exactly.
//
// Kept cheap enough to run in every simulation: per retired line a handful
// of additions and one histogram increment; quantiles come from the
// histogram, not from a stored vector of every line (the per-line log is
// opt-in, see LineRecord).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include <sim/base/line_request.h>

namespace anesim {

constexpr size_t kLineStages = 6;
// Stage names as reports print them (text, JSON keys, CSV columns).
constexpr std::array<const char*, kLineStages> kLineStageNames = {
    "credit_port_wait",  // requested -> sent: waiting for a fabric credit and the core's port
    "fabric",            // sent -> arrived: crossing the fabric to the channel
    "controller_queue",  // arrived -> command: ingress FIFO and controller read queue
    "dram",              // command -> data: PRE/ACT/RD timing, read latency, burst
    "return",            // data -> delivered: the response crossing back to KMem
    "kmem_to_retire",    // delivered -> retired: waiting in KMem for the in-order consumer
};
// Boundary names, in order: requested, sent, arrived, command, data,
// delivered, retired (the CSV's columns).
constexpr std::array<const char*, kLineStages + 1> kLineBoundaryNames = {
    "requested", "sent", "arrived", "command", "data", "delivered", "retired"};

// The seven boundary cycles of one line, in order.
std::array<uint64_t, kLineStages + 1> boundaries(const LineStamps& s, uint64_t retired);

// Counts of request-to-retire cycles: exact below kExactBins, by powers of
// two above (a quantile there reads the bucket's lower bound).
class LatencyHistogram {
 public:
  static constexpr uint64_t kExactBins = 1u << 16;
  void add(uint64_t cycles) {
    if (cycles < exact_.size()) {
      ++exact_[cycles];
    } else {
      add_slow(cycles);
    }
  }
  void merge(const LatencyHistogram& other);
  uint64_t count() const;
  // The smallest v with at least ceil(q * count) samples <= v; 0 when empty.
  uint64_t quantile(double q) const;
  // (cycles, lines) for every non-empty bin, ascending.
  std::vector<std::pair<uint64_t, uint64_t>> bins() const;

 private:
  void add_slow(uint64_t cycles);
  std::vector<uint64_t> exact_ = std::vector<uint64_t>(256, 0);  // grows on demand
  std::array<uint64_t, 64> log2_{};  // bucket b holds [2^b, 2^(b+1)) above kExactBins
};

struct PathLatency {
  uint64_t lines = 0;
  uint64_t total_cycles = 0;                         // sum over lines of request-to-retire
  std::array<uint64_t, kLineStages> stage_cycles{};  // sums per stage
  LatencyHistogram histogram;

  double mean() const { return lines == 0 ? 0.0 : double(total_cycles) / double(lines); }
  double stage_mean(size_t stage) const {
    return lines == 0 ? 0.0 : double(stage_cycles[stage]) / double(lines);
  }
};

struct LatencyStats {
  PathLatency prefetch, demand;
  // Once per retired line: kept inline and branch-free, it runs in every simulation.
  void add(bool prefetch_path, const LineStamps& s, uint64_t retired) {
    PathLatency& p = prefetch_path ? prefetch : demand;
    ++p.lines;
    p.stage_cycles[0] += s.sent - s.requested;
    p.stage_cycles[1] += s.arrived - s.sent;
    p.stage_cycles[2] += s.command - s.arrived;
    p.stage_cycles[3] += s.data - s.command;
    p.stage_cycles[4] += s.delivered - s.data;
    p.stage_cycles[5] += retired - s.delivered;
    p.total_cycles += retired - s.requested;
    p.histogram.add(retired - s.requested);
  }
  void merge(const LatencyStats& other);
};

// One line of the opt-in line log (--line-log).
struct LineRecord {
  uint32_t core = 0;
  uint32_t line = 0;
  bool prefetch = false;
  LineStamps stamps;
  uint64_t retired = 0;
};

// Which lines the log keeps: those requested in cycles [from, to).
struct LineLogWindow {
  bool enabled = false;
  uint64_t from = 0;
  uint64_t to = 0;
};

}  // namespace anesim
