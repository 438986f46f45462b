// One DRAM channel with the built-in LPDDR5 model, as anesim.dram.chN. Under
// the tlm coupling its target socket is bound to the channel's clocked
// target (sim/memory/dram_target.h); under the builtin one it has none.
#pragma once

#include <tlm>

#include <memory>

#include <sim/memory/clocked_target.h>

namespace anesim {

class DramChannelModule : public sc_core::sc_module {
 public:
  DramChannelModule(sc_core::sc_module_name name, ClockedTarget* target);
  const char* kind() const override { return "anesim::DramChannel"; }
  tlm::tlm_target_socket<>* socket() { return socket_.get(); }
  ClockedTarget* target() { return target_; }

 private:
  void end_of_elaboration() override;
  ClockedTarget* target_;
  std::unique_ptr<tlm::tlm_target_socket<>> socket_;
};

}  // namespace anesim
