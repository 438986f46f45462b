// One kernel-DMA task descriptor as the ring sees it.
#pragma once

#include <cstdint>
#include <vector>

namespace anesim {

struct Task {
  uint32_t start_line = 0;  // first line address (byte address / 64)
  uint32_t lines = 0;       // transfer length, >= 1
};

// Splits `lines` starting at `start_line` into `parts` back-to-back tasks of
// near-equal size (the first ones one line longer when it does not divide).
std::vector<Task> split_transfer(uint32_t start_line, uint32_t lines, uint32_t parts);

}  // namespace anesim
