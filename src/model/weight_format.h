// How a weight matrix is stored as the kernel DMA streams it: its dtype
// (bits per weight, and a palette for the LUT formats) and its layer kind
// (a kh x kw kernel, `groups` channel groups). docs/model-format.md,
// "Weight formats" and "Layer kinds".
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>

namespace anesim {

enum class Dtype : uint8_t {
  kFp16,
  kBf16,
  kFp32,
  kInt8,
  kUint8,
  kFp8E4m3,
  kFp8E5m2,
  kLut4,  // 4-bit indices into a palette of 16 fp16 entries
  kLut6,  // 6-bit indices into a palette of 64 fp16 entries
  kInt4,  // 4-bit integers with their scales (constexpr_blockwise_shift_scale)
  kLut1,  // 1-, 2-, 3- and 8-bit indices into palettes of 2^bits entries, as
  kLut2,  // coremltools' palettizer writes them (nbits 1, 2, 3, 8)
  kLut3,
  kLut8,
};

// Bits each weight takes as stored: 16, 16, 32, 8, 8, 8, 8, 4, 6, 4, 1, 2, 3, 8.
uint32_t dtype_bits(Dtype d);
// "fp16", "bf16", "fp32", "int8", "uint8", "fp8_e4m3", "fp8_e5m2", "lut4", "lut6",
// "int4", "lut1", "lut2", "lut3", "lut8".
const char* dtype_name(Dtype d);
// A name as above (case-insensitive); nullopt for any other.
std::optional<Dtype> dtype_named(const std::string& name);
// "fp16, bf16, ...", for messages.
std::string dtype_list();
// The dtype of a whole number of bytes per weight: 1 int8, 2 fp16, 4 fp32.
std::optional<Dtype> dtype_of_bytes(uint64_t element_bytes);
// The LUT format of `bits`-bit indices (1, 2, 3, 4, 6, 8); nullopt for others.
std::optional<Dtype> lut_of_bits(uint32_t bits);
// Whether the payload arithmetic was checked against a measurement (fp16
// and int8, docs/model-format.md) rather than only modelled by the rule.
bool dtype_measured(Dtype d);

// The palette of a LUT format: 2^bits fp16 entries for every group of this
// many output channels (coremltools' per_grouped_channel palettization;
// the group size is an assumption, docs/model-format.md).
constexpr uint32_t kPaletteGroupChannels = 8;
// 2^bits for a LUT format, 0 for a dtype without a palette.
uint32_t palette_entries(Dtype d);

struct WeightFormat {
  Dtype dtype = Dtype::kFp16;
  uint32_t kh = 1, kw = 1;  // kernel: 1x1 for a linear layer
  uint32_t groups = 1;      // channel groups: cin and cout are multiples of it
};

// "fp16", "lut4 3x3 groups 32": the format as the advisor prints it.
std::string format_text(const WeightFormat& f);

// A kernel as "KHxKW" ("3x3", "1x7"); nullopt unless both are 1..4096.
std::optional<std::pair<uint32_t, uint32_t>> kernel_from_text(const std::string& text);

}  // namespace anesim
