#include <sim/ring/prefetch_ring.h>

#include <type_traits>

#include <verilated.h>
#include <verilated_vcd_c.h>

#include <sim/ring/lookahead_share.h>
#include <sim/ring/ring_variant_rows.h>
// Generated: one Verilated class per variant, named through its
// ANESIM_RING_MODEL_ macros, which IWYU does not follow.
#include "ring_models.h"  // IWYU pragma: keep

namespace anesim {

namespace {

// Verilator 5 finds a clock edge by comparing clk_i with the value its last
// eval saw, kept in the model's root as __Vtrigrprev__TOP__clk_i (so in
// 5.006; a version that names it otherwise takes the two-eval path).
template <typename Root, typename = void>
struct HasClockPrev : std::false_type {};
template <typename Root>
struct HasClockPrev<Root, std::void_t<decltype(std::declval<Root&>().__Vtrigrprev__TOP__clk_i)>>
    : std::true_type {};
template <typename Model>
using RootOf = std::remove_pointer_t<std::remove_cv_t<decltype(std::declval<Model&>().rootp)>>;

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
    apply(in);
    model_.clk_i = 0;
    model_.eval();
  }

  void clock(const RingInputs& in) override {
    if constexpr (HasClockPrev<RootOf<Model>>::value) {
      // The ring has no logic on clk_i low: the falling edge's eval only
      // settles the combinational logic of the new inputs, which the rising
      // edge's eval settles first anyway. So one eval, told that clk_i was
      // low, does the whole cycle.
      apply(in);
      model_.rootp->__Vtrigrprev__TOP__clk_i = 0;
      rise();
    } else {
      fall(in);
      rise();
    }
  }

  void rise() override {
    model_.clk_i = 1;
    model_.eval();
    sample();
  }

  void trace(VerilatedVcdC* vcd) override { model_.trace(vcd, 99); }

 private:
  void apply(const RingInputs& in) {
    model_.timebase_i = in.timebase & kTimebaseMask;
    model_.demand_depth_i = in.demand_depth;
    model_.task_valid_i = in.task_valid;
    model_.task_start_line_i = in.task_start_line;
    model_.task_lines_i = in.task_lines;
    model_.req_ready_i = in.req_ready;
    model_.line_retired_i = in.line_retired;
  }

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
  switch (row_of(variant)) {
    // One case per line of sim/ring/ring_variants.def; the model classes come
    // from the header CMake generates from the same table.
#define ANESIM_RING_VARIANT(id, name, epoch_bits, space_guard, relatch, time_share, summary) \
  case RingVariantRow::id:                                                                   \
    return std::make_unique<VerilatedRing<ANESIM_RING_MODEL_##id>>(context, instance,        \
                                                                   time_share != 0);
#include <sim/ring/ring_variants.def>
#undef ANESIM_RING_VARIANT
  }
  return nullptr;
}

}  // namespace anesim
