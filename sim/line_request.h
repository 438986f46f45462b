// A line read travelling from a core through the fabric to DRAM and back.
#pragma once

#include <cstdint>

namespace anesim {

struct LineRequest {
  uint32_t line = 0;      // line address
  uint32_t core = 0;      // requesting core
  uint64_t tag = 0;       // the core's request sequence number
  bool prefetch = false;  // issued on the lookahead path
};

}  // namespace anesim
