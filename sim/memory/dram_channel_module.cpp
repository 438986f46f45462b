#include <sim/memory/dram_channel_module.h>

namespace anesim {

DramChannelModule::DramChannelModule(sc_core::sc_module_name name, ClockedTarget* target)
    : sc_module(name), target_(target) {
  if (target != nullptr) {
    socket_ = std::make_unique<tlm::tlm_target_socket<>>("socket");
    socket_->bind(*target);
  }
}

void DramChannelModule::end_of_elaboration() {
  // The target answers through its socket: to whatever initiator was bound.
  if (target_ != nullptr) {
    target_->set_backward(socket_->operator->());
  }
}

}  // namespace anesim
