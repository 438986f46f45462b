#include <anesim/analysis/bench/sc_clock_rings.h>

#include <systemc>

#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include <sim/ring/lookahead_share.h>
#include <sim/ring/ring_variant_rows.h>
// Generated: one --sc Verilated class per variant, named through macros,
// which IWYU does not follow.
#include "ring_sc_models.h"  // IWYU pragma: keep

namespace anesim {

namespace {

using sc_core::sc_signal;

// The signals one ring is bound to.
struct RingPins {
  sc_signal<bool> rst_n, task_valid, task_ready, req_valid, req_ready, req_prefetch, line_retired,
      busy, lookahead_open;
  sc_signal<uint32_t> timebase, demand_depth, task_start_line, task_lines, req_line,
      prefetch_credit, page_credit, rd_ptr, end_ptr, lines_issued, lines_retired;
  virtual ~RingPins() = default;
};

template <typename Model>
struct BoundRing final : RingPins {
  BoundRing(const std::string& name, sc_core::sc_clock& clk) : model(name.c_str()) {
    model.clk_i(clk);
    model.rst_ni(rst_n);
    model.timebase_i(timebase);
    model.demand_depth_i(demand_depth);
    demand_depth.write(1);  // the strict stop-and-go, as the C++ loop's default
    model.task_valid_i(task_valid);
    model.task_ready_o(task_ready);
    model.task_start_line_i(task_start_line);
    model.task_lines_i(task_lines);
    model.req_valid_o(req_valid);
    model.req_ready_i(req_ready);
    model.req_line_o(req_line);
    model.req_prefetch_o(req_prefetch);
    model.line_retired_i(line_retired);
    model.busy_o(busy);
    model.prefetch_credit_o(prefetch_credit);
    model.page_credit_o(page_credit);
    model.lookahead_open_o(lookahead_open);
    model.ring_rd_ptr_o(rd_ptr);
    model.ring_end_ptr_o(end_ptr);
    model.lines_issued_o(lines_issued);
    model.lines_retired_o(lines_retired);
  }
  Model model;
};

std::unique_ptr<RingPins> bind_ring(RingVariant v, const std::string& name,
                                    sc_core::sc_clock& clk) {
  switch (row_of(v)) {
#define ANESIM_RING_VARIANT(id, name_, epoch_bits, space_guard, relatch, time_share, summary) \
  case RingVariantRow::id:                                                                    \
    return std::make_unique<BoundRing<ANESIM_RING_SC_MODEL_##id>>(name, clk);
#include <sim/ring/ring_variants.def>
#undef ANESIM_RING_VARIANT
  }
  return nullptr;
}

// The sc_clock and the per-cycle driver.
class RingDriver : public sc_core::sc_module {
 public:
  SC_HAS_PROCESS(RingDriver);
  RingDriver(sc_core::sc_module_name name, RingVariant v, uint32_t cores, const Task& task,
             uint64_t cycles)
      : sc_module(name),
        clock_("clock", sc_core::sc_time(1, sc_core::SC_NS), 0.5, sc_core::SC_ZERO_TIME, false),
        task_(task),
        cycles_(cycles) {
    for (uint32_t c = 0; c < cores; ++c) {
      rings_.push_back(bind_ring(v, "core" + std::to_string(c), clock_));
    }
    SC_METHOD(tick);
    sensitive << clock_.negedge_event();
    dont_initialize();
  }

  uint64_t cycles_run() const { return cycle_; }
  uint64_t lines_retired() const { return retired_; }

 private:
  // Inputs change while the clock is low, as in the C++ loop.
  void tick() {
    if (cycle_ == cycles_) {
      sc_core::sc_stop();
      return;
    }
    for (auto& r : rings_) {
      const bool busy = r->busy.read();
      const bool retire = busy && r->lines_issued.read() != r->lines_retired.read();
      r->rst_n.write(true);
      r->timebase.write(static_cast<uint32_t>(cycle_) & kTimebaseMask);
      r->task_valid.write(!busy);
      r->task_start_line.write(task_.start_line);
      r->task_lines.write(task_.lines);
      r->req_ready.write(r->req_valid.read());
      r->line_retired.write(retire);
      retired_ += retire;
    }
    ++cycle_;
  }

  sc_core::sc_clock clock_;
  std::vector<std::unique_ptr<RingPins>> rings_;
  Task task_;
  uint64_t cycles_;
  uint64_t cycle_ = 0;
  uint64_t retired_ = 0;
};

}  // namespace

ScClockRun run_sc_clock_rings(RingVariant variant, uint32_t cores, const Task& task,
                              uint64_t cycles) {
  RingDriver driver("bench", variant, cores, task, cycles);
  sc_core::sc_start(sc_core::SC_ZERO_TIME);  // elaborate and settle the reset
  const auto t0 = std::chrono::steady_clock::now();
  sc_core::sc_start();
  ScClockRun r;
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  r.cycles = driver.cycles_run();
  r.lines_retired = driver.lines_retired();
  return r;
}

}  // namespace anesim
