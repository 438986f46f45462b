#include <sim/memory/tlm_memory.h>

#include <stdexcept>

#include <sim/memory/line_extension.h>
#include <sim/memory/memory_targets.h>

namespace anesim {

TlmMemory::TlmMemory(std::vector<DramChannel>& channels, const MachineConfig& cfg,
                     TlmObserver* observer)
    : cfg_(cfg), time_(cfg.cycle_ns()), observer_(observer) {
  const MemoryTargetKind& target = memory_target(cfg);
  for (uint32_t ch = 0; ch < channels.size(); ++ch) {
    ports_.push_back(std::make_unique<Port>(*this, ch));
    // A clocked target is the coupling's own; any other is bound later.
    if (std::unique_ptr<ClockedTarget> own = target.make_clocked_target(channels[ch], cfg, time_)) {
      own->set_backward(ports_.back().get());
      connect(ch, own.get(), own.get());
      builtin_.push_back(std::move(own));
    }
  }
}

TlmMemory::~TlmMemory() = default;

void TlmMemory::connect(uint32_t ch, tlm::tlm_fw_transport_if<>* fw, ClockedTarget* clocked) {
  ports_[ch]->fw = fw;
  ports_[ch]->clocked = clocked;
}

bool TlmMemory::timed() const {
  for (const auto& port : ports_) {
    if (port->clocked == nullptr) {
      return true;
    }
  }
  return false;
}

uint64_t TlmMemory::next_event(uint32_t ch, uint64_t now) const {
  if (!done_.empty()) {
    return now;
  }
  // A target on SystemC time wakes the loop through its backward calls.
  const ClockedTarget* clocked = ports_[ch]->clocked;
  return clocked != nullptr ? clocked->next_event(now) : kNever;
}

uint64_t TlmMemory::cycle_after(const Port& port, const sc_core::sc_time& delay) const {
  // A clocked target annotates relative to its tick; a timed one relative to
  // SystemC's present.
  return port.clocked != nullptr ? port.now + time_.cycles(delay)
                                 : cycle_at(cfg_, sc_core::sc_time_stamp() + delay);
}

tlm::tlm_generic_payload* TlmMemory::payload() {
  if (free_.empty()) {
    pool_.push_back(std::make_unique<tlm::tlm_generic_payload>());
    pool_.back()->set_extension(new LineExtension);
    free_.push_back(pool_.back().get());
  }
  tlm::tlm_generic_payload* trans = free_.back();
  free_.pop_back();
  return trans;
}

void TlmMemory::accepted(const Port& port, tlm::tlm_generic_payload& trans, uint64_t cycle) {
  // The LPDDR5 channel stamps its own first command; any other target's
  // latency breakdown counts from the request's acceptance (END_REQ).
  LineStamps* stamps = trans.get_extension<LineExtension>()->req.stamps;
  if (port.clocked == nullptr && stamps != nullptr) {
    stamps->command = cycle;
  }
}

void TlmMemory::complete(tlm::tlm_generic_payload& trans, uint64_t data_done) {
  if (!trans.is_response_ok()) {
    throw std::runtime_error("tlm: a memory target failed a read: " + trans.get_response_string());
  }
  done_.push_back(CompletedRead{trans.get_extension<LineExtension>()->req, data_done});
  free_.push_back(&trans);
}

tlm::tlm_sync_enum TlmMemory::Port::nb_transport_bw(tlm::tlm_generic_payload& trans,
                                                    tlm::tlm_phase& phase,
                                                    sc_core::sc_time& delay) {
  const tlm::tlm_phase before = phase;
  tlm::tlm_sync_enum status = tlm::TLM_ACCEPTED;
  if (phase == tlm::END_REQ) {
    awaiting_end_req = false;
    memory.accepted(*this, trans, memory.cycle_after(*this, sc_core::SC_ZERO_TIME));
  } else if (phase == tlm::BEGIN_RESP) {
    if (awaiting_end_req) {  // BEGIN_RESP implies END_REQ
      awaiting_end_req = false;
      memory.accepted(*this, trans, memory.cycle_after(*this, sc_core::SC_ZERO_TIME));
    }
    memory.complete(trans, memory.cycle_after(*this, delay));
    phase = tlm::END_RESP;
    delay = sc_core::SC_ZERO_TIME;
    status = tlm::TLM_UPDATED;
  } else {
    throw std::logic_error("tlm: unexpected phase on the backward path");
  }
  if (memory.observer_ != nullptr) {
    memory.observer_->transport(index, false, trans, before, phase, status);
  }
  if (clocked == nullptr && memory.wake_ != nullptr) {
    memory.wake_->notify(sc_core::SC_ZERO_TIME);
  }
  return status;
}

void TlmMemory::begin(uint32_t ch, uint64_t now) {
  Port& port = *ports_[ch];
  port.now = now;
  if (port.clocked != nullptr) {
    port.clocked->tick_begin(now);
  }
}

void TlmMemory::send(uint32_t ch, const LineRequest& req, uint64_t now) {
  static unsigned char scratch[kLineBytes];  // reads carry no data in this model
  Port& port = *ports_[ch];
  if (port.fw == nullptr) {
    throw std::logic_error("tlm: DRAM channel " + std::to_string(ch) +
                           " is not connected to a target");
  }
  tlm::tlm_generic_payload* trans = payload();
  trans->set_command(tlm::TLM_READ_COMMAND);
  trans->set_address(uint64_t{req.line} * kLineBytes);
  trans->set_data_ptr(scratch);
  trans->set_data_length(kLineBytes);
  trans->set_streaming_width(kLineBytes);
  trans->set_byte_enable_ptr(nullptr);
  trans->set_dmi_allowed(false);
  trans->set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
  trans->get_extension<LineExtension>()->req = req;
  tlm::tlm_phase phase = tlm::BEGIN_REQ;
  sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
  port.now = now;
  const tlm::tlm_sync_enum s = port.fw->nb_transport_fw(*trans, phase, delay);
  if (observer_ != nullptr) {
    observer_->transport(ch, true, *trans, tlm::BEGIN_REQ, phase, s);
  }
  if (s == tlm::TLM_ACCEPTED) {
    port.awaiting_end_req = true;
    return;
  }
  accepted(port, *trans, now);
  if (s == tlm::TLM_COMPLETED) {
    complete(*trans, now + time_.cycles(delay));
  } else if (phase == tlm::BEGIN_RESP) {
    // The response on the return path: answer END_RESP on the forward path.
    complete(*trans, now + time_.cycles(delay));
    phase = tlm::END_RESP;
    delay = sc_core::SC_ZERO_TIME;
    const tlm::tlm_sync_enum e = port.fw->nb_transport_fw(*trans, phase, delay);
    if (observer_ != nullptr) {
      observer_->transport(ch, true, *trans, tlm::END_RESP, phase, e);
    }
  } else if (phase != tlm::END_REQ) {
    throw std::logic_error("tlm: unexpected return to BEGIN_REQ");
  }
}

void TlmMemory::end(uint32_t ch, uint64_t now) {
  Port& port = *ports_[ch];
  port.now = now;
  if (port.clocked != nullptr) {
    port.clocked->tick_end(now);
  }
}

}  // namespace anesim
