#include <sim/memory/fixed_latency_memory.h>

#include <stdexcept>

namespace anesim {

namespace {
// The phase the queue uses internally for "this read's data is complete".
DECLARE_EXTENDED_PHASE(data_complete);
}  // namespace

FixedLatencyMemory::FixedLatencyMemory(sc_core::sc_module_name name,
                                       const sc_core::sc_time& latency,
                                       const sc_core::sc_time& line_time, uint32_t queue_depth)
    : sc_module(name),
      socket("socket"),
      latency_(latency),
      line_time_(line_time),
      queue_depth_(queue_depth),
      peq_(this, &FixedLatencyMemory::on_phase) {
  if (queue_depth == 0) {
    throw std::invalid_argument("FixedLatencyMemory: queue_depth must be at least 1");
  }
  socket.register_nb_transport_fw(this, &FixedLatencyMemory::nb_transport_fw);
  socket.register_b_transport(this, &FixedLatencyMemory::b_transport);
}

tlm::tlm_sync_enum FixedLatencyMemory::nb_transport_fw(tlm::tlm_generic_payload& trans,
                                                       tlm::tlm_phase& phase,
                                                       sc_core::sc_time& delay) {
  if (phase != tlm::BEGIN_REQ && phase != tlm::END_RESP) {
    throw std::logic_error(std::string(name()) + ": unexpected phase on the forward path");
  }
  peq_.notify(trans, phase, delay);
  return tlm::TLM_ACCEPTED;
}

void FixedLatencyMemory::b_transport(tlm::tlm_generic_payload& trans, sc_core::sc_time&) {
  trans.set_response_status(tlm::TLM_COMMAND_ERROR_RESPONSE);  // AT only
}

void FixedLatencyMemory::on_phase(tlm::tlm_generic_payload& trans, const tlm::tlm_phase& phase) {
  if (phase == tlm::BEGIN_REQ) {
    if (in_service_ < queue_depth_) {
      start(trans);
    } else {
      waiting_.push_back(&trans);  // END_REQ when a read finishes
    }
  } else if (phase == data_complete) {
    ready_.push_back(&trans);
    respond_next();
  } else if (phase == tlm::END_RESP) {
    finish_response();
  }
}

void FixedLatencyMemory::start(tlm::tlm_generic_payload& trans) {
  ++in_service_;
  tlm::tlm_phase phase = tlm::END_REQ;
  sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
  socket->nb_transport_bw(trans, phase, delay);
  const sc_core::sc_time now = sc_core::sc_time_stamp();
  sc_core::sc_time done = now + latency_;
  if (done < last_done_ + line_time_) {
    done = last_done_ + line_time_;
  }
  last_done_ = done;
  peq_.notify(trans, data_complete, done - now);
}

void FixedLatencyMemory::respond_next() {
  if (responding_ || ready_.empty()) {
    return;
  }
  tlm::tlm_generic_payload& trans = *ready_.front();
  ready_.pop_front();
  trans.set_response_status(trans.is_read() ? tlm::TLM_OK_RESPONSE
                                            : tlm::TLM_COMMAND_ERROR_RESPONSE);
  responding_ = true;
  tlm::tlm_phase phase = tlm::BEGIN_RESP;
  sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
  const tlm::tlm_sync_enum status = socket->nb_transport_bw(trans, phase, delay);
  if (status == tlm::TLM_COMPLETED || (status == tlm::TLM_UPDATED && phase == tlm::END_RESP)) {
    finish_response();
  }
}

void FixedLatencyMemory::finish_response() {
  responding_ = false;
  --in_service_;
  if (!waiting_.empty()) {
    tlm::tlm_generic_payload* next = waiting_.front();
    waiting_.pop_front();
    start(*next);
  }
  respond_next();
}

}  // namespace anesim
