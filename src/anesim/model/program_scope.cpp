#include <anesim/model/program_scope.h>

#include <algorithm>

namespace anesim {

namespace {

// Decompression ops and folded views chained on one weight, at most.
constexpr uint32_t kMaxResolveDepth = 32;

}  // namespace

bool FunctionScope::constant_value(const MilValue& v) const {
  switch (v.kind) {
    case MilValue::Kind::kImmediate:
    case MilValue::Kind::kBlob:
      return true;
    case MilValue::Kind::kName: {
      const auto it = vars_.find(v.name);
      return it != vars_.end() && (it->second.kind == ProgramVar::Kind::kConstant ||
                                   it->second.kind == ProgramVar::Kind::kWeight);
    }
    case MilValue::Kind::kTuple:
      return std::all_of(v.items.begin(), v.items.end(),
                         [&](const MilValue& i) { return constant_value(i); });
  }
  return false;
}

std::optional<std::string> FunctionScope::literal_of(const MilValue* v) const {
  if (v == nullptr) return std::nullopt;
  if (v->kind == MilValue::Kind::kImmediate) return v->literal;
  if (v->kind != MilValue::Kind::kName) return std::nullopt;
  const auto it = literals_.find(v->name);
  if (it == literals_.end()) return std::nullopt;
  return it->second;
}

std::optional<int64_t> FunctionScope::integer_of(const MilValue* v) const {
  const std::optional<std::string> text = literal_of(v);
  if (!text || text->empty() || text->size() > 18) return std::nullopt;
  int64_t n = 0;
  for (const char c : *text) {
    if (c < '0' || c > '9') return std::nullopt;
    n = n * 10 + (c - '0');
  }
  return n;
}

std::optional<bool> FunctionScope::bool_of(const MilValue* v) const {
  const std::optional<std::string> text = literal_of(v);
  if (text == "true") return true;
  if (text == "false") return false;
  return std::nullopt;
}

const MilType* FunctionScope::type_of(const MilValue& v) const {
  if (v.kind == MilValue::Kind::kBlob || v.kind == MilValue::Kind::kImmediate) return &v.type;
  if (v.kind != MilValue::Kind::kName) return nullptr;
  const auto it = vars_.find(v.name);
  return it == vars_.end() ? nullptr : it->second.type;
}

// The constant an operand names or holds inline (registered on first use).
std::optional<size_t> FunctionScope::constant_of(const MilStatement& st, const MilValue& v,
                                                 const std::string& key) {
  if (v.kind == MilValue::Kind::kBlob || v.kind == MilValue::Kind::kImmediate) {
    return c_.add(output_name(st) + "." + key, v.type, &v, v.at);
  }
  if (v.kind == MilValue::Kind::kName) {
    const auto it = vars_.find(v.name);
    if (it != vars_.end() && it->second.kind == ProgramVar::Kind::kConstant) {
      return it->second.constant;
    }
  }
  return std::nullopt;
}

std::optional<WeightSource> FunctionScope::resolve(const MilValue& v, uint32_t depth) {
  if (depth > kMaxResolveDepth) return std::nullopt;
  WeightSource s;
  if (v.kind == MilValue::Kind::kBlob || v.kind == MilValue::Kind::kImmediate) {
    s.payload.push_back(c_.add("(inline)", v.type, &v, v.at));
    s.payload_dtype = v.type.dtype;
    return s;
  }
  if (v.kind != MilValue::Kind::kName) return std::nullopt;
  const auto it = vars_.find(v.name);
  if (it == vars_.end()) return std::nullopt;
  if (it->second.kind == ProgramVar::Kind::kConstant) {
    s.payload.push_back(it->second.constant);
    s.payload_dtype = c_[it->second.constant].dtype;
    return s;
  }
  if (it->second.kind != ProgramVar::Kind::kWeight) return std::nullopt;
  // Resolved once: a constant feeding several ops (a tied embedding) is one constant.
  const size_t index = it->second.statement;
  if (const auto done = resolved_.find(index); done != resolved_.end()) return done->second;
  std::optional<WeightSource> r = resolve_statement(f_.statements[index], depth + 1);
  resolved_[index] = r;
  return r;
}

std::optional<WeightSource> FunctionScope::resolve_statement(const MilStatement& st,
                                                             uint32_t depth) {
  const std::string& op = st.op;
  const auto part = [&](const char* key) -> std::optional<size_t> {
    const MilValue* v = st.argument(key);
    return v == nullptr ? std::nullopt : constant_of(st, *v, key);
  };
  const auto add_side = [&](WeightSource& s, std::initializer_list<const char*> keys) {
    for (const char* key : keys) {
      if (const auto c = part(key)) s.side.push_back(*c);
    }
  };
  if (op == "constexpr_lut_to_dense" || op == "constexpr_lut_to_sparse") {
    const MilValue* indices = st.argument("indices");
    if (indices == nullptr) indices = st.argument("indices_nonzero_data");
    std::optional<WeightSource> s;
    if (indices != nullptr) s = resolve(*indices, depth);
    if (!s) return std::nullopt;
    const std::optional<size_t> lut = part("lut");
    if (lut) {
      const ProgramConstant& l = c_[*lut];
      s->palettes.push_back(*lut);
      s->palette_shape = l.shape;
      // iOS 18: indices typed uintN; iOS 16: packed uint8, the LUT's size gives N.
      uint64_t entries = 0;
      if (l.shape.size() >= 2 && c_[s->payload.front()].dtype != "uint8") {
        entries = static_cast<uint64_t>(std::max<int64_t>(l.shape[l.shape.size() - 2], 0));
      } else if (!l.shape.empty()) {
        entries = static_cast<uint64_t>(std::max<int64_t>(l.shape.back(), 0));
        if (l.shape.size() >= 2) {  // iOS 18 with uint8 indices: [..., entries, vector]
          entries = static_cast<uint64_t>(std::max<int64_t>(l.shape[l.shape.size() - 2], 0));
        }
      }
      uint32_t bits = 0;
      while (bits < 16 && (uint64_t{1} << bits) < entries) ++bits;
      const uint32_t typed = mil_dtype_bits(s->payload_dtype);
      s->lut_bits = s->payload_dtype != "uint8" && typed > 0 && typed < 8 ? typed : bits;
    }
    add_side(*s, {"mask"});
    s->decompression.insert(s->decompression.begin(), op);
    return s;
  }
  if (op == "constexpr_affine_dequantize" || op == "constexpr_blockwise_shift_scale" ||
      op == "constexpr_sparse_blockwise_shift_scale" || op == "constexpr_cast") {
    const char* data_key = op == "constexpr_affine_dequantize"              ? "quantized_data"
                           : op == "constexpr_cast"                         ? "source_val"
                           : op == "constexpr_sparse_blockwise_shift_scale" ? "data_mask"
                                                                            : "data";
    const MilValue* data = st.argument(data_key);
    if (data == nullptr && op == "constexpr_sparse_blockwise_shift_scale") {
      data = st.argument("nonzero_data");
    }
    std::optional<WeightSource> s;
    if (data != nullptr) s = resolve(*data, depth);
    if (!s) return std::nullopt;
    add_side(*s, {"scale", "zero_point", "offset", "mask", "nonzero_data"});
    s->decompression.insert(s->decompression.begin(), op);
    return s;
  }
  if (op == "constexpr_sparse_to_dense") {
    const MilValue* data = st.argument("nonzero_data");
    std::optional<WeightSource> s;
    if (data != nullptr) s = resolve(*data, depth);
    if (!s) return std::nullopt;
    if (const auto mask = part("mask")) s->payload.push_back(*mask);
    s->decompression.insert(s->decompression.begin(), op);
    return s;
  }
  if (op == "concat") {
    const MilValue* values = st.argument("values");
    if (values == nullptr || values->kind != MilValue::Kind::kTuple || values->items.empty()) {
      return std::nullopt;
    }
    WeightSource joined;
    for (const MilValue& item : values->items) {
      std::optional<WeightSource> s = resolve(item, depth);
      if (!s) return std::nullopt;
      if (joined.payload.empty()) {
        joined = *s;
        joined.concatenated.clear();
        joined.concatenated_names.clear();
      } else {
        joined.payload.insert(joined.payload.end(), s->payload.begin(), s->payload.end());
        joined.palettes.insert(joined.palettes.end(), s->palettes.begin(), s->palettes.end());
        joined.side.insert(joined.side.end(), s->side.begin(), s->side.end());
      }
      joined.concatenated.insert(joined.concatenated.end(), s->payload.begin(), s->payload.end());
      joined.concatenated_names.push_back(item.kind == MilValue::Kind::kName ? item.name
                                                                             : "(inline)");
    }
    return joined;
  }
  // A view or cast of a constant, folded by the compiler: the constant streams.
  for (const MilArgument& a : st.arguments) {
    if (a.key != "x") continue;
    return resolve(a.value, depth);
  }
  return std::nullopt;
}

}  // namespace anesim
