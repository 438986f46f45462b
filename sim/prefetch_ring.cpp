#include "sim/prefetch_ring.h"

#include <verilated.h>
#include <verilated_vcd_c.h>

#include "Vkdma_ring_bug.h"
#include "Vkdma_ring_epoch1.h"
#include "Vkdma_ring_fix.h"
#include "Vkdma_ring_snippet.h"

namespace anesim {

namespace {

// Adapts one generated model class to PrefetchRing.
template <typename Model>
class VerilatedRing final : public PrefetchRing {
 public:
  VerilatedRing(VerilatedContext* context, const std::string& name)
      : model_(context, name.c_str()) {
    reset();
  }

  void reset() override {
    model_.clk_i = 0;
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

  const RingOutputs& outputs() const override { return out_; }

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
    out_.lines_issued = model_.lines_issued_o;
    out_.lines_retired = model_.lines_retired_o;
  }

  Model model_;
  RingOutputs out_;
};

}  // namespace

const char* variant_name(RingVariant v) {
  switch (v) {
    case RingVariant::kBug:
      return "bug";
    case RingVariant::kFix:
      return "fix";
    case RingVariant::kSnippet:
      return "snippet";
    case RingVariant::kEpoch1:
      return "epoch1";
  }
  return "?";
}

std::optional<RingVariant> parse_variant(const std::string& name) {
  for (RingVariant v : {RingVariant::kBug, RingVariant::kFix, RingVariant::kSnippet,
                        RingVariant::kEpoch1}) {
    if (name == variant_name(v)) {
      return v;
    }
  }
  return std::nullopt;
}

const char* variant_choices() { return "bug, fix, snippet, epoch1"; }

std::unique_ptr<PrefetchRing> make_ring(RingVariant variant, VerilatedContext* context,
                                        const std::string& name) {
  switch (variant) {
    case RingVariant::kBug:
      return std::make_unique<VerilatedRing<Vkdma_ring_bug>>(context, name);
    case RingVariant::kFix:
      return std::make_unique<VerilatedRing<Vkdma_ring_fix>>(context, name);
    case RingVariant::kSnippet:
      return std::make_unique<VerilatedRing<Vkdma_ring_snippet>>(context, name);
    case RingVariant::kEpoch1:
      return std::make_unique<VerilatedRing<Vkdma_ring_epoch1>>(context, name);
  }
  return nullptr;
}

}  // namespace anesim
