// What a model streams per decoded token: its weight matrices as kernel-DMA
// transfers, and the payload arithmetic that turns a matrix into lines per
// core (16 cores, as the published task descriptors show). Shared by
// `anesim advise` and the decode step.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <anesim/model/model_description.h>
#include <anesim/model/weight_format.h>

namespace anesim {

// Bytes one core streams for X[1,D] x W[D,N] of whole-byte weights:
// ceil(N/16) * D * element_bytes. 0 when it does not fit 64 bits.
uint64_t payload_bytes_per_core(uint64_t cin, uint64_t cout, uint32_t element_bytes);
// The same in 64 B lines, rounded up; 0 when it exceeds 2^32-1 lines (the
// simulator's limit). For element_bytes 2 this is lines_for_shape().
uint64_t payload_lines(uint64_t cin, uint64_t cout, uint32_t element_bytes);

// The same for any stored format: ceil(N/16) * (D/groups) * kh * kw weights
// of dtype_bits() each, as whole bytes (rounded up), then whole 64 B lines.
// A palette is not included: it is its own transfer (palette_transfer).
uint64_t payload_bytes_per_core(uint64_t cin, uint64_t cout, const WeightFormat& f);
uint64_t payload_lines(uint64_t cin, uint64_t cout, const WeightFormat& f);

// Cin as `chunks` near-equal parts: they differ by at most one channel,
// larger first, and sum to `cin` (4097 into 2: 2049, 2048). Empty when
// chunks is 0 or more than cin.
std::vector<uint64_t> split_channels(uint64_t cin, uint32_t chunks);

// Cin as `chunks` parts for a layer of format `f`: with groups, every
// group's cin/groups input channels are cut the same way (split_channels)
// and a chunk holds its part of every group, so each chunk is a grouped
// conv of the same groups and the chunks' outputs add up. In channels;
// empty when a group has fewer input channels than chunks.
std::vector<uint64_t> split_input_channels(uint64_t cin, const WeightFormat& f, uint32_t chunks);

// A weight matrix streamed `count` times per decoded token.
struct Transfer {
  std::string name;
  uint64_t cin = 0, cout = 0;
  uint64_t count = 1;
  WeightFormat format;
};

// The palette a LUT-format transfer streams beside its indices, named
// NAME.palette: 2^bits fp16 entries (as cin) for each of
// ceil(cout / kPaletteGroupChannels) output channel groups (as cout), so
// each core streams the palettes of its own output channels. nullopt for a
// dtype without a palette.
std::optional<Transfer> palette_transfer(const Transfer& weights);

// The weight bytes of `t` as stored, all of it (not per core): count *
// cout * (cin/groups) * kh * kw * bits / 8.
double stored_bytes(const Transfer& t);

// The transfers of one decoded token: every projection (layers x count),
// the lm_head's shards (near-equal, larger first) unless not streamed, the
// embedding only when streamed; each LUT-format one followed by its
// palette. `left_out` gets what is not counted.
std::vector<Transfer> model_transfers(const ModelDescription& m,
                                      std::vector<std::string>* left_out);

}  // namespace anesim
