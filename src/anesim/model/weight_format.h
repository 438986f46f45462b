// How a weight matrix is stored as the kernel DMA streams it: its dtype (a
// row of dtypes.def: bits per weight, a palette for the LUT formats) and its
// layer kind (a kh x kw kernel, `groups` channel groups).
// docs/model-format.md, "Weight formats" and "Layer kinds".
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace anesim {

// One value per row of the format table (dtypes.def), in its order.
enum class Dtype : uint8_t {
#define ANESIM_DTYPE(enumerator, name, bits, palette, safetensors, mil, mil_alias, measured) \
  enumerator,
#include <anesim/model/dtypes.def>
#undef ANESIM_DTYPE
};

// Every format, in the table's order.
const std::vector<Dtype>& all_dtypes();
// Bits each weight takes as stored.
uint32_t dtype_bits(Dtype d);
// The format's name: "fp16", "lut4", ...
const char* dtype_name(Dtype d);
// A format's name (case-insensitive); nullopt for any other.
std::optional<Dtype> dtype_named(const std::string& name);
// Every name, "fp16, bf16, ...", in the table's order: help texts and messages.
std::string dtype_list();
// The format a safetensors dtype ("F16", "I8", ...) is streamed as; nullopt
// for one the advisor leaves out.
std::optional<Dtype> dtype_of_safetensors(const std::string& safetensors_dtype);
// Those safetensors dtypes, "F16, BF16, ... or F8_E5M2", for messages.
std::string safetensors_dtype_list();
// The format of a dense weight of MIL element type `mil` ("fp16", "uint4",
// "fp8e4m3fn", ...); nullopt for another (a LUT's indices included).
std::optional<Dtype> dtype_of_mil(const std::string& mil);
// The dtype of a whole number of bytes per weight: 1 int8, 2 fp16, 4 fp32.
std::optional<Dtype> dtype_of_bytes(uint64_t element_bytes);
// The LUT format of `bits`-bit indices; nullopt for a width without one.
std::optional<Dtype> lut_of_bits(uint32_t bits);
// The index widths of the LUT formats, "1, 2, 3, 4, 6 and 8", for messages.
std::string palette_bits_list();
// Whether the payload arithmetic was checked against a measurement
// (docs/model-format.md) rather than only modelled by the rule.
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
