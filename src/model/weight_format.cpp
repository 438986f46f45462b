#include <anesim/model/weight_format.h>

#include <cctype>

#include <fmt/format.h>

namespace anesim {

namespace {

struct DtypeInfo {
  Dtype dtype;
  const char* name;
  uint32_t bits;
  bool measured;
  bool palette = false;  // indices into a palette of 2^bits fp16 entries
};

// Measured: the M4 decode points of fp16 and int8 weights (docs/model-format.md).
constexpr DtypeInfo kDtypes[] = {
    {Dtype::kFp16, "fp16", 16, true},        {Dtype::kBf16, "bf16", 16, false},
    {Dtype::kFp32, "fp32", 32, false},       {Dtype::kInt8, "int8", 8, true},
    {Dtype::kUint8, "uint8", 8, false},      {Dtype::kFp8E4m3, "fp8_e4m3", 8, false},
    {Dtype::kFp8E5m2, "fp8_e5m2", 8, false}, {Dtype::kLut4, "lut4", 4, false, true},
    {Dtype::kLut6, "lut6", 6, false, true},  {Dtype::kInt4, "int4", 4, false},
    {Dtype::kLut1, "lut1", 1, false, true},  {Dtype::kLut2, "lut2", 2, false, true},
    {Dtype::kLut3, "lut3", 3, false, true},  {Dtype::kLut8, "lut8", 8, false, true},
};

const DtypeInfo& info(Dtype d) {
  for (const DtypeInfo& i : kDtypes) {
    if (i.dtype == d) return i;
  }
  return kDtypes[0];
}

std::optional<uint32_t> dimension(const std::string& text) {
  if (text.empty() || text.size() > 4) return std::nullopt;
  uint32_t v = 0;
  for (const char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    v = v * 10 + static_cast<uint32_t>(c - '0');
  }
  if (v < 1 || v > 4096) return std::nullopt;
  return v;
}

}  // namespace

uint32_t dtype_bits(Dtype d) { return info(d).bits; }

const char* dtype_name(Dtype d) { return info(d).name; }

bool dtype_measured(Dtype d) { return info(d).measured; }

std::optional<Dtype> dtype_named(const std::string& name) {
  std::string lower;
  for (const char c : name) {
    lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  for (const DtypeInfo& i : kDtypes) {
    if (lower == i.name) return i.dtype;
  }
  return std::nullopt;
}

std::string dtype_list() {
  std::string out;
  for (const DtypeInfo& i : kDtypes) {
    out += out.empty() ? i.name : fmt::format(", {}", i.name);
  }
  return out;
}

std::optional<Dtype> dtype_of_bytes(uint64_t element_bytes) {
  switch (element_bytes) {
    case 1:
      return Dtype::kInt8;
    case 2:
      return Dtype::kFp16;
    case 4:
      return Dtype::kFp32;
    default:
      return std::nullopt;
  }
}

uint32_t palette_entries(Dtype d) { return info(d).palette ? uint32_t{1} << dtype_bits(d) : 0; }

std::optional<Dtype> lut_of_bits(uint32_t bits) {
  for (const DtypeInfo& i : kDtypes) {
    if (i.palette && i.bits == bits) return i.dtype;
  }
  return std::nullopt;
}

std::string format_text(const WeightFormat& f) {
  std::string out = dtype_name(f.dtype);
  if (f.kh != 1 || f.kw != 1) out += fmt::format(" {}x{}", f.kh, f.kw);
  if (f.groups != 1) out += fmt::format(" groups {}", f.groups);
  return out;
}

std::optional<std::pair<uint32_t, uint32_t>> kernel_from_text(const std::string& text) {
  const size_t x = text.find_first_of("xX");
  if (x == std::string::npos) return std::nullopt;
  const auto kh = dimension(text.substr(0, x)), kw = dimension(text.substr(x + 1));
  if (!kh || !kw) return std::nullopt;
  return std::make_pair(*kh, *kw);
}

}  // namespace anesim
