// A whole transfer through one Verilated ring with a minimal environment:
// the path of every request, for the ring tests (tests/ring_*_test.cpp).
#pragma once

#include <algorithm>
#include <cstdint>
#include <deque>
#include <vector>

#include <sim/ring/lookahead_share.h>
#include <sim/ring/prefetch_ring.h>

namespace anesim {

struct TransferCount {
  uint64_t prefetched = 0;
  uint64_t demand = 0;
  std::vector<uint8_t> path;    // per line in request order: 1 prefetch, 0 demand
  uint64_t share_mismatch = 0;  // requests whose path disagrees with the time share
  uint64_t out_of_order = 0;
  uint64_t cycles = 0;
  uint32_t grant = 0;
  size_t max_demand_in_flight = 0;  // lines outstanding when a demand read issued, itself included
};

// Accepts every request at once and retires each line `latency` cycles later.
// The timebase counts the transfer's cycles from 0 at the load.
inline TransferCount run_transfer(PrefetchRing& ring, uint32_t start, uint32_t lines,
                                  uint32_t latency = 4, uint32_t demand_depth = 1) {
  ring.reset();
  TransferCount n;
  RingInputs load;
  load.demand_depth = demand_depth;
  load.task_valid = true;
  load.task_start_line = start;
  load.task_lines = lines;
  ring.clock(load);
  n.grant = ring.outputs().prefetch_credit;
  std::deque<uint64_t> in_flight;  // issue cycles
  uint32_t expect = start;
  const uint64_t limit = uint64_t{lines} * (latency + 4) + 100;
  for (uint64_t cycle = 1; ring.outputs().busy && cycle < limit; ++cycle) {
    const RingOutputs& o = ring.outputs();
    RingInputs in;
    in.line_retired = !in_flight.empty() && in_flight.front() + latency <= cycle;
    if (in.line_retired) {
      in_flight.pop_front();
    }
    in.timebase = static_cast<uint32_t>(cycle);
    in.demand_depth = demand_depth;
    in.req_ready = o.req_valid;
    if (o.req_valid) {
      n.out_of_order += o.req_line != expect;
      const uint32_t left = lines - (expect - start);
      ++expect;
      ++(o.req_prefetch ? n.prefetched : n.demand);
      n.path.push_back(o.req_prefetch ? 1 : 0);
      // A time-shared grant opens the lookahead in its share of the
      // timebase, or for good once what is left fits in the grant.
      const bool open = share_open(cycle, n.grant) || left <= n.grant;
      n.share_mismatch += ring.time_share() && (o.req_prefetch != open);
      in_flight.push_back(cycle);
      if (!o.req_prefetch) {
        n.max_demand_in_flight = std::max(n.max_demand_in_flight, in_flight.size());
      }
    }
    ring.clock(in);
    n.cycles = cycle;
  }
  return n;
}

// Requests in [from, to) of a transfer that went stop-and-go.
inline uint64_t demand_in(const TransferCount& t, size_t from, size_t to) {
  return static_cast<uint64_t>(std::count(t.path.begin() + from, t.path.begin() + to, 0));
}

}  // namespace anesim
