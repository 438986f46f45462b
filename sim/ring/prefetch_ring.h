// The testbench's view of one Verilated prefetch ring: plain C++ inputs and
// outputs, one call per rising clock edge. The variant is a Verilator
// parameter, so each variant is its own generated class; this interface
// hides which one a core holds.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include <sim/base/ring_variant_id.h>

class VerilatedContext;
class VerilatedVcdC;

namespace anesim {

struct RingInputs {
  uint32_t timebase = 0;      // the cycle number's low bits (sim/ring/lookahead_share.h)
  uint32_t demand_depth = 1;  // stop-and-go reads in flight (ane.demand_depth)
  bool task_valid = false;
  uint32_t task_start_line = 0;
  uint32_t task_lines = 0;
  bool req_ready = false;
  bool line_retired = false;
};

struct RingOutputs {
  bool task_ready = false;
  bool req_valid = false;
  bool req_prefetch = false;
  uint32_t req_line = 0;
  bool busy = false;
  uint32_t prefetch_credit = 0;
  uint32_t page_credit = 0;
  bool lookahead_open = false;
  uint32_t lines_issued = 0;
  uint32_t lines_retired = 0;
};

class PrefetchRing {
 public:
  virtual ~PrefetchRing() = default;
  // One clock cycle with these inputs applied: what fall() then rise() do.
  virtual void clock(const RingInputs& in) = 0;
  // The two halves of a cycle, separate so that a waveform dump can sit
  // between them: inputs change while clk_i is low, registers at its rise.
  virtual void fall(const RingInputs& in) = 0;
  virtual void rise() = 0;
  // Asynchronous reset pulse: back to idle, counters cleared.
  virtual void reset() = 0;
  // The outputs after the last rising edge. Not virtual: the cycle loop
  // reads them for every core in every active cycle.
  const RingOutputs& outputs() const { return out_; }
  virtual void trace(VerilatedVcdC* vcd) = 0;
  // Whether the grant is a share of time (rtl TimeShare), whose edges the
  // caller must clock (sim/ring/lookahead_share.h).
  bool time_share() const { return time_share_; }

 protected:
  RingOutputs out_;  // sampled by the variant's rise() and reset()
  bool time_share_ = false;
};

// `name` becomes the instance's scope in waveforms (e.g. "core00").
std::unique_ptr<PrefetchRing> make_ring(RingVariant variant, VerilatedContext* context,
                                        const std::string& name);

}  // namespace anesim
