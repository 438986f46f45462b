#include <anesim/sim/prefetch_ring.h>

#include <verilated.h>
#include <verilated_vcd_c.h>

#include <anesim/sim/lookahead_share.h>
#include "ring_models.h"  // generated: one Verilated class per variant

namespace anesim {

namespace {

// Adapts one generated model class to PrefetchRing.
template <typename Model>
class VerilatedRing final : public PrefetchRing {
 public:
  VerilatedRing(VerilatedContext* context, const std::string& name, bool time_share)
      : model_(context, name.c_str()) {
    time_share_ = time_share;
    reset();
  }

  void reset() override {
    model_.clk_i = 0;
    model_.timebase_i = 0;
    model_.demand_depth_i = 1;
    model_.task_valid_i = 0;
    model_.req_ready_i = 0;
    model_.line_retired_i = 0;
    model_.rst_ni = 0;
    model_.eval();
    model_.rst_ni = 1;
    model_.eval();
    sample();
  }

  void fall(const RingInputs& in) override {
    model_.timebase_i = in.timebase & kTimebaseMask;
    model_.demand_depth_i = in.demand_depth;
    model_.task_valid_i = in.task_valid;
    model_.task_start_line_i = in.task_start_line;
    model_.task_lines_i = in.task_lines;
    model_.req_ready_i = in.req_ready;
    model_.line_retired_i = in.line_retired;
    model_.clk_i = 0;
    model_.eval();
  }

  void rise() override {
    model_.clk_i = 1;
    model_.eval();
    sample();
  }

  void trace(VerilatedVcdC* vcd) override { model_.trace(vcd, 99); }

 private:
  void sample() {
    out_.task_ready = model_.task_ready_o;
    out_.req_valid = model_.req_valid_o;
    out_.req_prefetch = model_.req_prefetch_o;
    out_.req_line = model_.req_line_o;
    out_.busy = model_.busy_o;
    out_.prefetch_credit = model_.prefetch_credit_o;
    out_.page_credit = model_.page_credit_o;
    out_.lookahead_open = model_.lookahead_open_o;
    out_.lines_issued = model_.lines_issued_o;
    out_.lines_retired = model_.lines_retired_o;
  }

  Model model_;
};

}  // namespace

std::unique_ptr<PrefetchRing> make_ring(RingVariant variant, VerilatedContext* context,
                                        const std::string& instance) {
  switch (variant) {
    // One case per line of sim/ring_variants.def; the model classes come
    // from the header CMake generates from the same table.
#define ANESIM_RING_VARIANT(id, name, epoch_bits, space_guard, relatch, time_share, summary) \
  case RingVariant::id:                                                                      \
    return std::make_unique<VerilatedRing<ANESIM_RING_MODEL_##id>>(context, instance,        \
                                                                   time_share != 0);
#include <anesim/sim/ring_variants.def>
#undef ANESIM_RING_VARIANT
  }
  return nullptr;
}

}  // namespace anesim
