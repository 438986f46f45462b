// memory.target ideal_memory, for tests only: every line's data is ready
// memory.latency_cycles after the target accepts it, with no queue limit,
// no banks and no refresh. A clocked AT target (sim/memory/clocked_target.h)
// that answers BEGIN_REQ with BEGIN_RESP on the return path; the whole
// target, its config key and its registration are this one file.
#include <sim/base/cycle_time.h>
#include <sim/base/never_cycle.h>
#include <sim/base/registry.h>
#include <sim/memory/clocked_target.h>
#include <sim/memory/dram_channel_module.h>
#include <sim/memory/line_extension.h>
#include <sim/memory/memory_channel_parts.h>
#include <sim/memory/memory_target_kind.h>

namespace anesim {

namespace {

class IdealMemory final : public ClockedTarget {
 public:
  IdealMemory(uint64_t latency, CycleTime time) : latency_(latency), time_(time) {}

  void set_backward(tlm::tlm_bw_transport_if<>*) override {}
  tlm::tlm_sync_enum nb_transport_fw(tlm::tlm_generic_payload& trans, tlm::tlm_phase& phase,
                                     sc_core::sc_time& delay) override {
    if (phase == tlm::END_RESP) {
      return tlm::TLM_COMPLETED;
    }
    const uint64_t accepted = now_ + time_.cycles(delay);
    if (LineStamps* stamps = trans.get_extension<LineExtension>()->req.stamps) {
      stamps->command = accepted;
    }
    trans.set_response_status(tlm::TLM_OK_RESPONSE);
    phase = tlm::BEGIN_RESP;
    delay = time_.delay(accepted + latency_ - now_);
    return tlm::TLM_UPDATED;
  }
  void b_transport(tlm::tlm_generic_payload& trans, sc_core::sc_time&) override {
    trans.set_response_status(tlm::TLM_COMMAND_ERROR_RESPONSE);
  }
  bool get_direct_mem_ptr(tlm::tlm_generic_payload&, tlm::tlm_dmi&) override { return false; }
  unsigned int transport_dbg(tlm::tlm_generic_payload&) override { return 0; }

  void tick_begin(uint64_t now) override { now_ = now; }
  void tick_end(uint64_t now) override { now_ = now; }
  uint64_t next_event(uint64_t) const override { return kNever; }

 private:
  uint64_t latency_;
  CycleTime time_;
  uint64_t now_ = 0;
};

class IdealMemoryTargetKind final : public MemoryTargetKind {
 public:
  const char* name() const override { return "ideal_memory"; }
  const char* keys() const override { return "latency_cycles"; }
  void read(ConfigSection& memory, MemoryConfig& cfg) const override {
    cfg.settings["latency_cycles"] =
        static_cast<double>(memory.integer("latency_cycles", 1, 1000000));
  }
  bool clocked() const override { return true; }
  bool direct() const override { return false; }  // through the tlm coupling's sockets
  bool needs_systemc_kernel() const override { return false; }
  long double progress_cycles(const MachineConfig& cfg, long double) const override {
    return cfg.memory.setting("latency_cycles");
  }
  std::unique_ptr<ClockedTarget> make_clocked_target(DramChannel&, const MachineConfig& cfg,
                                                     CycleTime time) const override {
    return std::make_unique<IdealMemory>(
        static_cast<uint64_t>(cfg.memory.setting("latency_cycles")), time);
  }
  MemoryChannelParts make_channel(const char* name, const MachineConfig&,
                                  ClockedTarget* clocked) const override {
    // A plain module whose socket is bound to the clocked target.
    auto module = std::make_unique<DramChannelModule>(name, clocked);
    MemoryChannelParts parts;
    parts.socket = module->socket();
    parts.clocked = clocked;
    parts.module = std::move(module);
    return parts;
  }
};

}  // namespace

ANESIM_REGISTER(MemoryTargetKind, IdealMemoryTargetKind)

}  // namespace anesim
