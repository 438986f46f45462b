#include "sim/tlm_memory.h"

#include <cmath>
#include <stdexcept>

namespace anesim {

CycleTime::CycleTime(double cycle_ns)
    : units_per_cycle_(cycle_ns * 1e-9 / sc_core::sc_get_time_resolution().to_seconds()) {}

sc_core::sc_time CycleTime::delay(uint64_t cycles) const {
  return sc_core::sc_time::from_value(
      static_cast<sc_dt::uint64>(std::llround(static_cast<double>(cycles) * units_per_cycle_)));
}

uint64_t CycleTime::cycles(const sc_core::sc_time& delay) const {
  return static_cast<uint64_t>(std::llround(static_cast<double>(delay.value()) / units_per_cycle_));
}

tlm::tlm_sync_enum Lpddr5Target::nb_transport_fw(tlm::tlm_generic_payload& trans,
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

void Lpddr5Target::b_transport(tlm::tlm_generic_payload& trans, sc_core::sc_time&) {
  // Timing lives in the AT path only.
  trans.set_response_status(tlm::TLM_COMMAND_ERROR_RESPONSE);
}

void Lpddr5Target::accept(tlm::tlm_generic_payload& trans, uint64_t at) {
  const LineRequest req = trans.get_extension<LineExtension>()->req;
  channel_.enqueue(req, map_.map(static_cast<uint32_t>(trans.get_address() / kLineBytes)), at);
  queued_.emplace_back(&trans, req);
}

void Lpddr5Target::tick_begin(uint64_t now) {
  now_ = now;
  if (held_ != nullptr && channel_.can_accept()) {
    tlm::tlm_generic_payload* trans = held_;
    held_ = nullptr;
    accept(*trans, now);
    tlm::tlm_phase phase = tlm::END_REQ;
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    const tlm::tlm_sync_enum s = bw_->nb_transport_bw(*trans, phase, delay);
    if (observer_ != nullptr) {
      observer_->transport(index_, false, *trans, tlm::END_REQ, phase, s);
    }
  }
}

void Lpddr5Target::tick_end(uint64_t now) {
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
    const tlm::tlm_sync_enum s = bw_->nb_transport_bw(*trans, phase, delay);
    if (observer_ != nullptr) {
      observer_->transport(index_, false, *trans, tlm::BEGIN_RESP, phase, s);
    }
  });
}

tlm::tlm_sync_enum TlmMemory::Port::nb_transport_bw(tlm::tlm_generic_payload& trans,
                                                   tlm::tlm_phase& phase, sc_core::sc_time& delay) {
  if (phase == tlm::END_REQ) {
    return tlm::TLM_ACCEPTED;
  }
  if (phase != tlm::BEGIN_RESP || !trans.is_response_ok()) {
    throw std::logic_error("tlm: unexpected phase or failed response on the backward path");
  }
  memory.done_.emplace_back(trans.get_extension<LineExtension>()->req,
                            now + memory.time_.cycles(delay));
  memory.free_.push_back(&trans);
  phase = tlm::END_RESP;
  delay = sc_core::SC_ZERO_TIME;
  return tlm::TLM_UPDATED;
}

TlmMemory::TlmMemory(std::vector<Lpddr5Channel>& channels, const ModelConfig& cfg,
                     TlmObserver* observer)
    : time_(cfg.cycle_ns()), observer_(observer) {
  for (uint32_t ch = 0; ch < channels.size(); ++ch) {
    ports_.push_back(std::make_unique<Port>(*this, channels[ch], cfg.dram));
    ports_.back()->target.bind(ports_.back().get(), ch, observer);
  }
}

TlmMemory::~TlmMemory() = default;

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

void TlmMemory::begin(uint32_t ch, uint64_t now) {
  ports_[ch]->now = now;
  ports_[ch]->target.tick_begin(now);
}

void TlmMemory::send(uint32_t ch, const LineRequest& req, uint64_t now) {
  static unsigned char scratch[kLineBytes];  // reads carry no data in this model
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
  ports_[ch]->now = now;
  const tlm::tlm_sync_enum s = ports_[ch]->target.nb_transport_fw(*trans, phase, delay);
  if (observer_ != nullptr) {
    observer_->transport(ch, true, *trans, tlm::BEGIN_REQ, phase, s);
  }
}

void TlmMemory::end(uint32_t ch, uint64_t now) {
  ports_[ch]->now = now;
  ports_[ch]->target.tick_end(now);
}

}  // namespace anesim
