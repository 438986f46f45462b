#include <anesim/model/weight_format.h>

#include <algorithm>
#include <cctype>

#include <fmt/format.h>

namespace anesim {

namespace {

struct DtypeInfo {
  Dtype dtype;
  const char* name;
  uint32_t bits;
  bool palette;             // indices into a palette of 2^bits fp16 entries
  const char* safetensors;  // nullptr: not streamed from a safetensors file
  const char* mil;          // nullptr: no dense MIL element type
  const char* mil_alias;
  bool measured;
};

constexpr DtypeInfo kDtypes[] = {
#define ANESIM_DTYPE(enumerator, name, bits, palette, safetensors, mil, mil_alias, measured) \
  {Dtype::enumerator, name, bits, palette, safetensors, mil, mil_alias, measured},
#include <anesim/model/dtypes.def>
#undef ANESIM_DTYPE
};

bool same(const char* a, const std::string& b) { return a != nullptr && b == a; }

// "a, b, c" with `last` before the final item ("a, b and c").
std::string joined(const std::vector<std::string>& items, const char* last) {
  std::string out;
  for (size_t k = 0; k < items.size(); ++k) {
    out += k == 0 ? "" : k + 1 == items.size() ? last : ", ";
    out += items[k];
  }
  return out;
}

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

const std::vector<Dtype>& all_dtypes() {
  static const std::vector<Dtype> all = [] {
    std::vector<Dtype> out;
    for (const DtypeInfo& i : kDtypes) out.push_back(i.dtype);
    return out;
  }();
  return all;
}

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
  std::vector<std::string> items;
  for (const DtypeInfo& i : kDtypes) items.emplace_back(i.name);
  return joined(items, ", ");
}

std::optional<Dtype> dtype_of_safetensors(const std::string& safetensors_dtype) {
  for (const DtypeInfo& i : kDtypes) {
    if (same(i.safetensors, safetensors_dtype)) return i.dtype;
  }
  return std::nullopt;
}

std::string safetensors_dtype_list() {
  std::vector<std::string> items;
  for (const DtypeInfo& i : kDtypes) {
    if (i.safetensors != nullptr) items.emplace_back(i.safetensors);
  }
  return joined(items, " or ");
}

std::optional<Dtype> dtype_of_mil(const std::string& mil) {
  for (const DtypeInfo& i : kDtypes) {
    if (same(i.mil, mil) || same(i.mil_alias, mil)) return i.dtype;
  }
  return std::nullopt;
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

std::string palette_bits_list() {
  std::vector<uint32_t> bits;
  for (const DtypeInfo& i : kDtypes) {
    if (i.palette) bits.push_back(i.bits);
  }
  std::sort(bits.begin(), bits.end());
  std::vector<std::string> items;
  for (const uint32_t b : bits) items.push_back(std::to_string(b));
  return joined(items, " and ");
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
