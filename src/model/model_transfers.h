// What a model streams per decoded token: its weight matrices as kernel-DMA
// transfers, and the payload arithmetic that turns a matrix into lines per
// core (16 cores, as the published task descriptors show). Shared by
// `anesim advise` and the decode step.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <anesim/model/model_description.h>

namespace anesim {

// Bytes one core streams for X[1,D] x W[D,N]: ceil(N/16) * D * element_bytes.
// 0 when it does not fit 64 bits.
uint64_t payload_bytes_per_core(uint64_t cin, uint64_t cout, uint32_t element_bytes);
// The same in 64 B lines, rounded up; 0 when it exceeds 2^32-1 lines (the
// simulator's limit). For element_bytes 2 this is lines_for_shape().
uint64_t payload_lines(uint64_t cin, uint64_t cout, uint32_t element_bytes);

// Cin as `chunks` near-equal parts: they differ by at most one channel,
// larger first, and sum to `cin` (4097 into 2: 2049, 2048). Empty when
// chunks is 0 or more than cin.
std::vector<uint64_t> split_channels(uint64_t cin, uint32_t chunks);

// A weight matrix streamed `count` times per decoded token.
struct Transfer {
  std::string name;
  uint64_t cin = 0, cout = 0;
  uint64_t count = 1;
};

// The transfers of one decoded token: every projection (layers x count),
// the lm_head's shards (near-equal, larger first) unless not streamed, the
// embedding only when streamed. `left_out` gets what is not counted.
std::vector<Transfer> model_transfers(const ModelDescription& m,
                                      std::vector<std::string>* left_out);

}  // namespace anesim
