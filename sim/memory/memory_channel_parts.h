// One channel of anesim.dram as a memory target builds it: the module
// SystemC names, its target socket, and its cycle hooks (null: the target
// runs on SystemC time).
#pragma once

#include <tlm>

#include <memory>

#include <sim/memory/clocked_target.h>

namespace anesim {

struct MemoryChannelParts {
  std::unique_ptr<sc_core::sc_module> module;
  tlm::tlm_target_socket<>* socket = nullptr;
  ClockedTarget* clocked = nullptr;
};

}  // namespace anesim
