#include <anesim/model/weight_op_shape.h>

#include <algorithm>
#include <optional>
#include <string>

#include <fmt/format.h>

#include <anesim/io/errors.h>
#include <anesim/io/text_functions.h>
#include <anesim/model/model_transfers.h>
#include <anesim/model/weight_format.h>

namespace anesim {

namespace {

// A kernel side is 1..4096, as the model format's (weight_format.h).
constexpr uint64_t kMaxKernel = 4096;

std::string joined(const std::vector<std::string>& parts) {
  std::string s;
  for (const std::string& p : parts) s += (s.empty() ? "" : "+") + p;
  return s;
}

void set_shape(ProgramWeightOp& w, const std::vector<int64_t>& shape, const WeightOpOperands& o) {
  const auto dim = [&](size_t i) { return static_cast<uint64_t>(shape[i]); };
  const auto fail = [&](const std::string& what) {
    return ModelFileError(fmt::format("{}: {}: {}", w.source, printable(w.name, 60), what));
  };
  const size_t r = shape.size();
  switch (w.kind) {
    case WeightOpKind::kConv: {
      const uint64_t groups = std::max<uint64_t>(o.groups, 1);
      if (groups > UINT32_MAX || dim(1) > UINT64_MAX / groups) {
        throw fail(fmt::format("groups {} out of range", groups));
      }
      w.format.groups = static_cast<uint32_t>(groups);
      w.cout = dim(0);
      w.cin = dim(1) * groups;
      if (o.conv_transpose) std::swap(w.cin, w.cout);
      uint64_t kh = 1, kw = 1;
      if (r == 3) {
        kw = dim(2);
      } else if (r >= 4) {
        kh = dim(2);
        for (size_t i = 3; i < r; ++i) {  // capped as it grows: never wraps
          kw = dim(i) > kMaxKernel || kw > kMaxKernel ? kMaxKernel + 1 : kw * dim(i);
        }
      }
      if (kh > kMaxKernel || kw > kMaxKernel) {
        throw fail(fmt::format("a {}x{} kernel (at most {} a side)", kh, kw, kMaxKernel));
      }
      w.format.kh = static_cast<uint32_t>(kh);
      w.format.kw = static_cast<uint32_t>(kw);
      if (w.cout % groups != 0) {
        throw fail(fmt::format("{} groups do not divide {} output channels", groups, w.cout));
      }
      break;
    }
    case WeightOpKind::kLinear:
      w.cout = dim(0);
      w.cin = dim(1);
      break;
    case WeightOpKind::kMatmul: {
      const uint64_t rows = dim(r - 2), cols = dim(r - 1);
      if (w.operand == "y") {  // X[.., K] x Y[K, N]: Cin K, Cout N
        w.cin = o.transposed ? cols : rows;
        w.cout = o.transposed ? rows : cols;
      } else {  // X[M, K] x y: the constant's M rows are the outputs
        w.cout = o.transposed ? cols : rows;
        w.cin = o.transposed ? rows : cols;
      }
      for (size_t i = 0; i + 2 < r; ++i) w.count *= dim(i);  // element_count() bounded it
      break;
    }
    case WeightOpKind::kGather:
      w.cout = dim(0);
      w.cin = element_count(shape) / dim(0);
      break;
  }
}

void set_format(ProgramWeightOp& w, const WeightSource& s, const ProgramConstants& c) {
  if (s.lut_bits > 0) {
    const std::optional<Dtype> lut = lut_of_bits(s.lut_bits);
    if (!lut) {
      throw ModelFileError(fmt::format("{}: {}: a palette of {}-bit indices (anesim knows {})",
                                       w.source, printable(w.name, 60), s.lut_bits,
                                       palette_bits_list()));
    }
    w.format.dtype = *lut;
  } else {
    const std::optional<Dtype> d = dtype_of_mil(s.payload_dtype);
    if (!d) {
      throw ModelFileError(fmt::format(
          "{}: {}: its weight is stored as '{}', not a weight format anesim knows ({})", w.source,
          printable(w.name, 60), printable(s.payload_dtype, 20), dtype_list()));
    }
    w.format.dtype = *d;
  }
  if (!s.palettes.empty()) {
    // iOS 18: [groups along each weight axis..., entries, vector]; iOS 16: [entries].
    const std::vector<int64_t>& p = s.palette_shape;
    const uint64_t out_groups =
        p.size() >= 3 ? static_cast<uint64_t>(std::max<int64_t>(p[0], 1)) : 1;
    uint64_t entries = 0;
    for (const size_t i : s.palettes) entries += c[i].elements;
    w.palette_cout = out_groups;
    w.palette_cin = std::max<uint64_t>(entries / out_groups, 1);
  }
}

}  // namespace

void describe_weight_op(ProgramWeightOp& w, const std::vector<int64_t>& shape,
                        const WeightOpOperands& operands, const WeightSource& s,
                        ProgramConstants& constants) {
  set_shape(w, shape, operands);
  set_format(w, s, constants);
  w.decompression = joined(s.decompression);
  w.file = constants[s.payload.front()].file;
  w.offset = constants[s.payload.front()].offset;
  for (const size_t c : s.payload) {
    w.payload.push_back(constants[c].name);
    w.stored_bytes += constants[c].stored_bytes;
    constants[c].consumers.push_back(w.name);
  }
  for (const size_t c : s.palettes) {
    w.palettes.push_back(constants[c].name);
    constants[c].consumers.push_back(w.name);
  }
  for (const size_t c : s.side) {
    w.side.push_back(constants[c].name);
    constants[c].consumers.push_back(w.name);
  }
  w.bytes_per_core = payload_bytes_per_core(w.cin, w.cout, w.format);
  w.lines_per_core = payload_lines(w.cin, w.cout, w.format);
  if (w.lines_per_core == 0 && w.streamed) {
    throw ModelFileError(fmt::format("{}: {}: {} x {}: the per-core transfer exceeds 2^32-1 lines",
                                     w.source, printable(w.name, 60), w.cin, w.cout));
  }
}

}  // namespace anesim
