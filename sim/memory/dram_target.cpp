#include <sim/memory/dram_target.h>

#include <stdexcept>

#include <sim/memory/line_extension.h>

namespace anesim {

tlm::tlm_sync_enum DramTarget::nb_transport_fw(tlm::tlm_generic_payload& trans,
                                               tlm::tlm_phase& phase, sc_core::sc_time& delay) {
  if (phase == tlm::BEGIN_REQ) {
    if (held_ != nullptr) {
      throw std::logic_error("tlm: BEGIN_REQ while a request is outstanding");
    }
    if (!channel_.can_accept()) {
      held_ = &trans;  // END_REQ follows when the queue has room
      return tlm::TLM_ACCEPTED;
    }
    accept(trans, now_ + time_.cycles(delay));
    phase = tlm::END_REQ;
    delay = sc_core::SC_ZERO_TIME;
    return tlm::TLM_UPDATED;
  }
  if (phase == tlm::END_RESP) {
    return tlm::TLM_COMPLETED;
  }
  throw std::logic_error("tlm: unexpected phase on the forward path");
}

void DramTarget::b_transport(tlm::tlm_generic_payload& trans, sc_core::sc_time&) {
  // Timing lives in the AT path only.
  trans.set_response_status(tlm::TLM_COMMAND_ERROR_RESPONSE);
}

void DramTarget::accept(tlm::tlm_generic_payload& trans, uint64_t at) {
  const LineRequest req = trans.get_extension<LineExtension>()->req;
  channel_.enqueue(req, map_.map(static_cast<uint32_t>(trans.get_address() / kLineBytes)), at);
  queued_.emplace_back(&trans, req);
}

void DramTarget::tick_begin(uint64_t now) {
  now_ = now;
  if (held_ != nullptr && channel_.can_accept()) {
    tlm::tlm_generic_payload* trans = held_;
    held_ = nullptr;
    accept(*trans, now);
    tlm::tlm_phase phase = tlm::END_REQ;
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    bw_->nb_transport_bw(*trans, phase, delay);
  }
}

void DramTarget::tick_end(uint64_t now) {
  now_ = now;
  channel_.tick(now, [&](const LineRequest& req, uint64_t data_done) {
    size_t i = 0;
    while (queued_[i].second.core != req.core || queued_[i].second.tag != req.tag) {
      ++i;
    }
    tlm::tlm_generic_payload* trans = queued_[i].first;
    queued_.erase(queued_.begin() + static_cast<std::ptrdiff_t>(i));
    trans->set_response_status(tlm::TLM_OK_RESPONSE);
    tlm::tlm_phase phase = tlm::BEGIN_RESP;
    sc_core::sc_time delay = time_.delay(data_done - now);
    bw_->nb_transport_bw(*trans, phase, delay);
  });
}

}  // namespace anesim
