#include <anesim/model/compiled_program.h>

#include <sys/stat.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <memory>
#include <set>
#include <unordered_map>

#include <fmt/format.h>

#include <anesim/io/errors.h>
#include <anesim/io/text_file.h>
#include <anesim/io/text_functions.h>
#include <anesim/model/blob_file.h>
#include <anesim/model/mil_text.h>
#include <anesim/model/model_transfers.h>

namespace anesim {

namespace fs = std::filesystem;

namespace {

// model.mil files larger than this are refused unread (an 8B model's is a
// few MB).
constexpr size_t kMaxMilBytes = size_t{256} << 20;
constexpr const char* kManifestName = "anesim-programs.txt";
constexpr uint32_t kMaxResolveDepth = 32;  // decompression and view ops chained on one weight

bool starts_with(const std::string& text, const std::string& head) {
  return text.compare(0, head.size(), head) == 0;
}

std::string where(const std::string& file, const MilPosition& at) {
  return fmt::format("{}:{}:{}", printable_whole(file), at.line, at.column);
}

bool is_decompression(const std::string& op) { return starts_with(op, "constexpr_"); }

uint64_t element_count(const std::vector<int64_t>& shape) {
  uint64_t n = 1;
  for (const int64_t d : shape) {
    if (d < 0) return 0;
    const auto u = static_cast<uint64_t>(d);
    if (u != 0 && n > UINT64_MAX / u) return 0;
    n *= u;
  }
  return n;
}

// The stored dtype a weight's element type maps to, when it is not a LUT's.
std::optional<Dtype> dense_dtype(const std::string& mil) {
  if (mil == "fp16") return Dtype::kFp16;
  if (mil == "bf16") return Dtype::kBf16;
  if (mil == "fp32") return Dtype::kFp32;
  if (mil == "int8") return Dtype::kInt8;
  if (mil == "uint8") return Dtype::kUint8;
  if (mil == "int4" || mil == "uint4") return Dtype::kInt4;
  if (mil == "fp8e4m3fn" || mil == "fp8e4m3") return Dtype::kFp8E4m3;
  if (mil == "fp8e5m2") return Dtype::kFp8E5m2;
  return std::nullopt;
}

// Per-core 64 B lines of a constant that is not a weight (a norm's vector,
// scales): its elements cut over the 16 cores as a 1 x N weight is.
uint64_t side_lines(const ProgramConstant& c) {
  const uint32_t bits = mil_dtype_bits(c.dtype);
  const uint64_t bytes = stored_bytes_of((c.elements + 15) / 16, bits);
  return bytes / 64 + (bytes % 64 != 0 ? 1 : 0);
}

// A weight as decompression and folded view ops build it from constants.
struct WeightSource {
  std::vector<size_t> payload, palettes, side;  // constant indices
  std::string payload_dtype;                    // the stored element type
  uint32_t lut_bits = 0;                        // palettized: index bits
  std::string palette_dtype;
  std::vector<int64_t> palette_shape;
  std::vector<std::string> decompression;
  std::vector<size_t> concatenated;  // constants a concat joined (a split fused back)
  std::vector<std::string> concatenated_names;
};

class ProgramReader {
 public:
  explicit ProgramReader(CompiledProgram& out) : out_(out) {}

  // One model.mil and the folder its @model_path names.
  void read_program(const std::string& mil_path, const std::string& folder) {
    std::string why;
    const std::optional<std::string> text = read_text_file(mil_path, kMaxMilBytes, "program", why);
    if (!text) throw ModelFileError(fmt::format("{}: {}", printable_whole(mil_path), why));
    read_text(*text, mil_path, folder);
  }

  // The same for text in memory; `folder` "" reads no weight file.
  void read_text(const std::string& text, const std::string& mil_path, const std::string& folder) {
    const MilProgram program = parse_mil_text(text, mil_path);
    if (program.functions.empty()) {
      throw ModelFileError(fmt::format("{}: no function (expected 'func NAME<opset>(...)')",
                                       printable_whole(mil_path)));
    }
    if (out_.programs.empty()) out_.version = program.version;
    out_.programs.push_back(mil_path);
    file_ = mil_path;
    folder_ = folder;
    for (const MilFunction& f : program.functions) {
      read_function(f);
    }
  }

  void finish_notes() {
    if (derived_) {
      out_.notes.push_back(
          "sizes derived from the program's types and shapes, not checked: its weight files "
          "are not there");
    }
    out_.sizes_checked = !derived_ && checked_any_;
    for (const auto& [path, file] : files_) {
      if (file) out_.weight_file_bytes_read += file->bytes_read();
    }
  }

 private:
  // --- Constants.

  // The weight file a BLOBFILE names, opened once; nullptr when the
  // program's weight folder is absent (sizes derived).
  BlobFile* weight_file(const std::string& written, const std::string& at) {
    std::string rel = written;
    const std::string prefix = "@model_path/";
    if (starts_with(rel, prefix)) {
      rel = rel.substr(prefix.size());
    } else if (!rel.empty() && rel[0] == '/') {
      throw ModelFileError(fmt::format("{}: BLOBFILE path: '{}' is absolute; a program's weights "
                                       "lie in its own folder (@model_path/...)",
                                       at, printable(written, 80)));
    }
    for (const fs::path& part : fs::path(rel)) {
      if (part == "..") {
        throw ModelFileError(fmt::format(
            "{}: BLOBFILE path: '{}' leaves the program's folder", at, printable(written, 80)));
      }
    }
    const std::string path = (fs::path(folder_.empty() ? "." : folder_) / rel).string();
    last_path_ = path;
    const auto it = files_.find(path);
    if (it != files_.end()) return it->second.get();
    struct stat st {};
    std::unique_ptr<BlobFile> file;
    if (!folder_.empty() && ::stat(path.c_str(), &st) == 0) {
      file = std::make_unique<BlobFile>(path);
      if (derived_) mixed_missing(path, at);
      checked_any_ = true;
    } else if (checked_any_) {
      throw ModelFileError(fmt::format("{}: weight file: no such file ({})", printable_whole(path), at));
    } else {
      // No weight file at all so far: the program is read from its types.
      derived_ = true;
      missing_example_ = path;
      missing_at_ = at;
    }
    BlobFile* raw = file.get();
    files_[path] = std::move(file);
    return raw;
  }

  [[noreturn]] void mixed_missing(const std::string& present, const std::string& at) const {
    throw ModelFileError(fmt::format(
        "{}: weight file: no such file ({}), though {} is there ({})",
        printable_whole(missing_example_), missing_at_, printable_whole(present), at));
  }

  // Registers a constant (a const() or an inline operand); equal blobs
  // (one file and offset) are one constant, within and across functions.
  size_t add_constant(const std::string& name, const MilType& type, const MilValue* value,
                      const MilPosition& at) {
    const std::string here = where(file_, at);
    if (type.kind != "tensor" && type.kind != "scalar") {
      throw ModelFileError(fmt::format("{}: constant {}: type '{}' is not a tensor or scalar",
                                       here, printable(name, 60), printable(type.text, 60)));
    }
    ProgramConstant c;
    c.name = name;
    c.function = function_;
    c.dtype = type.dtype;
    c.shape = type.shape;
    c.source = here;
    c.elements = type.kind == "scalar" ? 1 : element_count(type.shape);
    if (type.kind == "tensor" && (!type.rank_known || c.elements == 0) && value != nullptr &&
        value->kind == MilValue::Kind::kBlob) {
      throw ModelFileError(fmt::format("{}: constant {}: a BLOBFILE needs a known shape, not '{}'",
                                       here, printable(name, 60), printable(type.text, 60)));
    }
    const uint32_t bits = mil_dtype_bits(c.dtype);
    c.stored_bytes = stored_bytes_of(c.elements, bits);
    if (value != nullptr && value->kind == MilValue::Kind::kBlob) {
      if (bits == 0) {
        throw ModelFileError(fmt::format("{}: constant {}: element type '{}' cannot be a blob",
                                         here, printable(name, 60), printable(c.dtype, 20)));
      }
      c.in_blob = true;
      c.offset = value->blob_offset;
      BlobFile* file = weight_file(value->blob_path, here);
      c.file = last_path_;
      const std::string key = fmt::format("{}\n{}", c.file, c.offset);
      if (const auto it = blob_index_.find(key); it != blob_index_.end()) {
        const ProgramConstant& first = out_.constants[it->second];
        if (first.dtype != c.dtype || first.elements != c.elements) {
          throw ModelFileError(fmt::format(
              "{}: constant {}: shares offset {} of {} with {} ({}), but its type differs", here,
              printable(name, 60), c.offset, printable_whole(c.file), printable(first.name, 60),
              first.source));
        }
        return it->second;
      }
      if (file != nullptr) {
        const BlobDescriptor d =
            file->check(c.offset, c.dtype, c.elements, "declared at " + here);
        c.stored_bytes = d.size_bytes;
      }
      blob_index_[key] = out_.constants.size();
    }
    out_.constants.push_back(std::move(c));
    return out_.constants.size() - 1;
  }

  // --- Functions.

  struct Var {
    enum class Kind : uint8_t { kInput, kConstant, kWeight, kOther } kind = Kind::kOther;
    size_t constant = 0;       // kConstant: its index
    size_t statement = 0;      // kWeight: the producing statement
    const MilType* type = nullptr;
  };

  const MilValue* operand(const MilStatement& st, const char* key) const {
    return st.argument(key);
  }

  // Whether `v` is constant: an immediate, a blob, a constant variable, or
  // a tuple of them.
  bool constant_value(const MilValue& v) const {
    switch (v.kind) {
      case MilValue::Kind::kImmediate:
      case MilValue::Kind::kBlob:
        return true;
      case MilValue::Kind::kName: {
        const auto it = vars_.find(v.name);
        return it != vars_.end() &&
               (it->second.kind == Var::Kind::kConstant || it->second.kind == Var::Kind::kWeight);
      }
      case MilValue::Kind::kTuple:
        return std::all_of(v.items.begin(), v.items.end(),
                           [&](const MilValue& i) { return constant_value(i); });
    }
    return false;
  }

  // An immediate's integer (groups = 1), through a constant variable.
  std::optional<int64_t> integer_of(const MilValue* v) const {
    if (v == nullptr) return std::nullopt;
    std::string text;
    if (v->kind == MilValue::Kind::kImmediate) {
      text = v->literal;
    } else if (v->kind == MilValue::Kind::kName) {
      const auto it = literals_.find(v->name);
      if (it == literals_.end()) return std::nullopt;
      text = it->second;
    } else {
      return std::nullopt;
    }
    if (text.empty() || text.size() > 18) return std::nullopt;
    int64_t n = 0;
    for (const char c : text) {
      if (c < '0' || c > '9') return std::nullopt;
      n = n * 10 + (c - '0');
    }
    return n;
  }

  std::optional<bool> bool_of(const MilValue* v) const {
    if (v == nullptr) return std::nullopt;
    std::string text;
    if (v->kind == MilValue::Kind::kImmediate) {
      text = v->literal;
    } else if (v->kind == MilValue::Kind::kName) {
      const auto it = literals_.find(v->name);
      if (it == literals_.end()) return std::nullopt;
      text = it->second;
    }
    if (text == "true") return true;
    if (text == "false") return false;
    return std::nullopt;
  }

  // The constant an operand names or holds inline (registered on first use).
  std::optional<size_t> constant_of(const MilStatement& st, const MilValue& v,
                                    const std::string& key) {
    if (v.kind == MilValue::Kind::kBlob || v.kind == MilValue::Kind::kImmediate) {
      return add_constant(outputs_name(st) + "." + key, v.type, &v, v.at);
    }
    if (v.kind == MilValue::Kind::kName) {
      const auto it = vars_.find(v.name);
      if (it != vars_.end() && it->second.kind == Var::Kind::kConstant) return it->second.constant;
    }
    return std::nullopt;
  }

  static std::string outputs_name(const MilStatement& st) {
    return st.outputs.empty() ? st.op : st.outputs.front().name;
  }

  // What the weight `v` is built from; nullopt when it is not a constant.
  std::optional<WeightSource> resolve(const MilValue& v, uint32_t depth) {
    if (depth > kMaxResolveDepth) return std::nullopt;
    WeightSource s;
    if (v.kind == MilValue::Kind::kBlob || v.kind == MilValue::Kind::kImmediate) {
      s.payload.push_back(add_constant("(inline)", v.type, &v, v.at));
      s.payload_dtype = v.type.dtype;
      return s;
    }
    if (v.kind != MilValue::Kind::kName) return std::nullopt;
    const auto it = vars_.find(v.name);
    if (it == vars_.end()) return std::nullopt;
    if (it->second.kind == Var::Kind::kConstant) {
      s.payload.push_back(it->second.constant);
      s.payload_dtype = out_.constants[it->second.constant].dtype;
      return s;
    }
    if (it->second.kind != Var::Kind::kWeight) return std::nullopt;
    // Resolved once: a constant feeding several ops (a tied embedding) is one constant.
    const size_t index = it->second.statement;
    if (const auto done = resolved_.find(index); done != resolved_.end()) return done->second;
    std::optional<WeightSource> r = resolve_statement((*statements_)[index], depth + 1);
    resolved_[index] = r;
    return r;
  }

  std::optional<WeightSource> resolve_statement(const MilStatement& st, uint32_t depth) {
    const std::string& op = st.op;
    const auto part = [&](const char* key) -> std::optional<size_t> {
      const MilValue* v = operand(st, key);
      return v == nullptr ? std::nullopt : constant_of(st, *v, key);
    };
    const auto add_side = [&](WeightSource& s, std::initializer_list<const char*> keys) {
      for (const char* key : keys) {
        if (const auto c = part(key)) s.side.push_back(*c);
      }
    };
    if (op == "constexpr_lut_to_dense" || op == "constexpr_lut_to_sparse") {
      const MilValue* indices = operand(st, "indices");
      if (indices == nullptr) indices = operand(st, "indices_nonzero_data");
      std::optional<WeightSource> s;
      if (indices != nullptr) s = resolve(*indices, depth);
      if (!s) return std::nullopt;
      const std::optional<size_t> lut = part("lut");
      if (lut) {
        const ProgramConstant& l = out_.constants[*lut];
        s->palettes.push_back(*lut);
        s->palette_dtype = l.dtype;
        s->palette_shape = l.shape;
        // iOS 18: indices typed uintN; iOS 16: packed uint8, the LUT's size gives N.
        uint64_t entries = 0;
        if (l.shape.size() >= 2 && out_.constants[s->payload.front()].dtype != "uint8") {
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
      const char* data_key = op == "constexpr_affine_dequantize" ? "quantized_data"
                             : op == "constexpr_cast"             ? "source_val"
                             : op == "constexpr_sparse_blockwise_shift_scale" ? "data_mask"
                                                                            : "data";
      const MilValue* data = operand(st, data_key);
      if (data == nullptr && op == "constexpr_sparse_blockwise_shift_scale") {
        data = operand(st, "nonzero_data");
      }
      std::optional<WeightSource> s;
      if (data != nullptr) s = resolve(*data, depth);
      if (!s) return std::nullopt;
      add_side(*s, {"scale", "zero_point", "offset", "mask", "nonzero_data"});
      s->decompression.insert(s->decompression.begin(), op);
      return s;
    }
    if (op == "constexpr_sparse_to_dense") {
      const MilValue* data = operand(st, "nonzero_data");
      std::optional<WeightSource> s;
      if (data != nullptr) s = resolve(*data, depth);
      if (!s) return std::nullopt;
      if (const auto mask = part("mask")) s->payload.push_back(*mask);
      s->decompression.insert(s->decompression.begin(), op);
      return s;
    }
    if (op == "concat") {
      const MilValue* values = operand(st, "values");
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

  void read_function(const MilFunction& f) {
    function_ = f.name;
    vars_.clear();
    literals_.clear();
    resolved_.clear();
    statements_ = &f.statements;
    ProgramFunction pf;
    pf.name = f.name;
    pf.opset = f.opset;
    pf.file = file_;
    if (!f.opset.empty() &&
        std::find(out_.opsets.begin(), out_.opsets.end(), f.opset) == out_.opsets.end()) {
      out_.opsets.push_back(f.opset);
    }
    for (const MilOutput& in : f.inputs) {
      vars_[in.name] = Var{Var::Kind::kInput, 0, 0, &in.type};
    }
    std::vector<size_t> blob_order;  // the function's blob constants, first use first
    std::set<size_t> in_function;
    const auto note_blob = [&](size_t c) {
      if (out_.constants[c].in_blob && in_function.insert(c).second) blob_order.push_back(c);
    };
    uint32_t pending_ops = 0;
    for (size_t i = 0; i < f.statements.size(); ++i) {
      const MilStatement& st = f.statements[i];
      if (st.op == "const") {
        const MilValue* val = st.argument("val");
        if (st.outputs.size() != 1) {
          throw ModelFileError(fmt::format("{}: const: expected one output", where(file_, st.at)));
        }
        if (val == nullptr) {
          throw ModelFileError(fmt::format("{}: const {}: no 'val'", where(file_, st.at),
                                           printable(st.outputs[0].name, 60)));
        }
        const size_t c = add_constant(st.outputs[0].name, st.outputs[0].type, val, st.at);
        if (val->kind == MilValue::Kind::kImmediate) literals_[st.outputs[0].name] = val->literal;
        vars_[st.outputs[0].name] = Var{Var::Kind::kConstant, c, 0, &st.outputs[0].type};
        note_blob(c);
        continue;
      }
      const bool all_constant =
          !st.arguments.empty() &&
          std::all_of(st.arguments.begin(), st.arguments.end(), [&](const MilArgument& a) {
            return a.key == "name" || constant_value(a.value);
          });
      if (is_decompression(st.op) || (all_constant && st.op != "gather")) {
        // Decompression, or an op of constants the compiler folds: a weight in the making.
        for (const MilOutput& o : st.outputs) {
          vars_[o.name] = Var{Var::Kind::kWeight, 0, i, &o.type};
        }
        for (const MilArgument& a : st.arguments) {  // inline operands are constants too
          if (a.value.kind == MilValue::Kind::kBlob) {
            note_blob(add_constant(outputs_name(st) + "." + a.key, a.value.type, &a.value, a.value.at));
          }
        }
        continue;
      }
      for (const MilOutput& o : st.outputs) {
        vars_[o.name] = Var{Var::Kind::kOther, 0, i, &o.type};
      }
      std::optional<ProgramWeightOp> w = weight_op(st);
      if (!w) {
        ++pf.ops;
        ++pending_ops;
        ++pf.other_ops[st.op];
        continue;
      }
      ++pf.ops;
      if (!w->streamed) {  // an embedding lookup runs as an op that streams no weight task
        ++pending_ops;
        w->ops_before = 0;
      } else {
        w->ops_before = pending_ops;
        pending_ops = 0;
      }
      for (const size_t c : last_payload_) note_blob(c);
      for (const size_t c : last_palettes_) note_blob(c);
      for (const size_t c : last_side_) note_blob(c);
      task_constants_.push_back(last_payload_);
      task_constants_.back().insert(task_constants_.back().end(), last_palettes_.begin(),
                                    last_palettes_.end());
      if (!w->streamed) gather_constants_.insert(last_payload_.begin(), last_payload_.end());
      pf.weight_ops.push_back(std::move(*w));
    }
    pf.ops_after = pending_ops;
    place_gaps(pf, blob_order);
    task_constants_.clear();
    gather_constants_.clear();
    out_.functions.push_back(std::move(pf));
  }

  // Each streamed task's gap: the blob constants that are neither a task's
  // payload nor its palette, nor an embedding table, lying (in the weight
  // file's order) between the previous task's constants and its own.
  void place_gaps(ProgramFunction& pf, std::vector<size_t> blobs) {
    // Files in the order the program first names them (one file per tensor
    // is then program order), offsets ascending within a file.
    std::map<std::string, size_t> file_rank;
    for (const size_t c : blobs) file_rank.emplace(out_.constants[c].file, file_rank.size());
    std::stable_sort(blobs.begin(), blobs.end(), [&](size_t a, size_t b) {
      const ProgramConstant &x = out_.constants[a], &y = out_.constants[b];
      const size_t rx = file_rank[x.file], ry = file_rank[y.file];
      return rx != ry ? rx < ry : x.offset < y.offset;
    });
    std::unordered_map<size_t, size_t> task_of;  // constant -> first streamed task using it
    for (size_t t = 0; t < pf.weight_ops.size(); ++t) {
      if (!pf.weight_ops[t].streamed) continue;
      for (const size_t c : task_constants_[t]) task_of.emplace(c, t);
    }
    std::vector<bool> placed(pf.weight_ops.size(), false);
    uint64_t gap = 0;
    for (const size_t c : blobs) {
      const auto it = task_of.find(c);
      if (it == task_of.end()) {
        if (gather_constants_.count(c) == 0) gap += side_lines(out_.constants[c]);
        continue;
      }
      if (!placed[it->second]) {
        placed[it->second] = true;
        pf.weight_ops[it->second].gap_lines =
            static_cast<uint32_t>(std::min<uint64_t>(gap, UINT32_MAX));
        gap = 0;
      }
    }
  }

  std::optional<ProgramWeightOp> weight_op(const MilStatement& st) {
    ProgramWeightOp w;
    w.name = outputs_name(st);
    if (const MilValue* n = st.argument("name"); n != nullptr && n->kind == MilValue::Kind::kImmediate &&
                                                 !n->literal.empty()) {
      w.name = n->literal;  // the op's own name, as the compiler reports it
    }
    w.source = where(file_, st.at);
    const MilValue* weight = nullptr;
    if (st.op == "conv" || st.op == "conv_transpose") {
      w.kind = WeightOpKind::kConv;
      w.operand = "weight";
    } else if (st.op == "linear") {
      w.kind = WeightOpKind::kLinear;
      w.operand = "weight";
    } else if (st.op == "matmul") {
      w.kind = WeightOpKind::kMatmul;
      w.operand = "y";
      if (const MilValue* y = operand(st, "y"); y == nullptr || !constant_value(*y)) {
        w.operand = "x";
      }
    } else if (st.op == "gather" || st.op == "gather_along_axis") {
      w.kind = WeightOpKind::kGather;
      w.operand = "x";
      w.streamed = false;
    } else {
      return std::nullopt;
    }
    weight = operand(st, w.operand.c_str());
    if (weight == nullptr || !constant_value(*weight)) return std::nullopt;
    std::optional<WeightSource> s = resolve(*weight, 0);
    if (!s || s->payload.empty()) return std::nullopt;
    w.weight = weight->kind == MilValue::Kind::kName ? weight->name : w.name + "." + w.operand;
    const MilType* type = type_of(*weight);
    if (type == nullptr || !type->rank_known || type->shape.size() < 2 ||
        element_count(type->shape) == 0) {
      unknown_shape(st, *weight);
      return std::nullopt;
    }
    const std::vector<int64_t>& shape = type->shape;
    const auto dim = [&](size_t i) { return static_cast<uint64_t>(shape[i]); };
    switch (w.kind) {
      case WeightOpKind::kConv: {
        const uint64_t groups =
            static_cast<uint64_t>(std::max<int64_t>(integer_of(operand(st, "groups")).value_or(1), 1));
        w.format.groups = static_cast<uint32_t>(std::min<uint64_t>(groups, UINT32_MAX));
        w.cout = dim(0);
        w.cin = dim(1) * groups;
        if (st.op == "conv_transpose") std::swap(w.cin, w.cout);
        if (shape.size() == 3) {
          w.format.kw = static_cast<uint32_t>(dim(2));
        } else if (shape.size() >= 4) {
          w.format.kh = static_cast<uint32_t>(dim(2));
          uint64_t rest = 1;
          for (size_t i = 3; i < shape.size(); ++i) rest *= dim(i);
          w.format.kw = static_cast<uint32_t>(rest);
        }
        break;
      }
      case WeightOpKind::kLinear:
        w.cout = dim(0);
        w.cin = dim(1);
        break;
      case WeightOpKind::kMatmul: {
        const size_t r = shape.size();
        const bool transposed = bool_of(operand(st, w.operand == "y" ? "transpose_y" : "transpose_x"))
                                    .value_or(false);
        uint64_t rows = dim(r - 2), cols = dim(r - 1);
        if (w.operand == "y") {  // X[.., K] x Y[K, N]: Cin K, Cout N
          w.cin = transposed ? cols : rows;
          w.cout = transposed ? rows : cols;
        } else {  // X[M, K] x y: the constant's M rows are the outputs
          w.cout = transposed ? cols : rows;
          w.cin = transposed ? rows : cols;
        }
        for (size_t i = 0; i + 2 < r; ++i) w.count *= dim(i);
        break;
      }
      case WeightOpKind::kGather:
        w.cout = dim(0);
        w.cin = element_count(shape) / dim(0);
        break;
    }
    // The stored format.
    if (s->lut_bits > 0) {
      const std::optional<Dtype> lut = lut_of_bits(s->lut_bits);
      if (!lut) {
        throw ModelFileError(fmt::format("{}: {}: a palette of {}-bit indices (anesim knows 1, 2, "
                                         "3, 4, 6 and 8)",
                                         w.source, printable(w.name, 60), s->lut_bits));
      }
      w.format.dtype = *lut;
    } else {
      const std::optional<Dtype> d = dense_dtype(s->payload_dtype);
      if (!d) {
        throw ModelFileError(fmt::format("{}: {}: its weight is stored as '{}', not a weight format "
                                         "anesim knows ({})",
                                         w.source, printable(w.name, 60),
                                         printable(s->payload_dtype, 20), dtype_list()));
      }
      w.format.dtype = *d;
    }
    if (!s->palettes.empty()) {
      const std::vector<int64_t>& p = s->palette_shape;
      // iOS 18: [groups along each weight axis..., entries, vector]; iOS 16: [entries].
      const uint64_t out_groups = p.size() >= 3 ? static_cast<uint64_t>(std::max<int64_t>(p[0], 1)) : 1;
      uint64_t palettes = 0;
      for (const size_t c : s->palettes) palettes += out_.constants[c].elements;
      w.palette_cout = out_groups;
      w.palette_cin = std::max<uint64_t>(palettes / out_groups, 1);
    }
    w.decompression = join(s->decompression, "+");
    w.file = out_.constants[s->payload.front()].file;
    w.offset = out_.constants[s->payload.front()].offset;
    for (const size_t c : s->payload) {
      w.payload.push_back(out_.constants[c].name);
      w.stored_bytes += out_.constants[c].stored_bytes;
      out_.constants[c].consumers.push_back(w.name);
    }
    for (const size_t c : s->palettes) {
      w.palettes.push_back(out_.constants[c].name);
      out_.constants[c].consumers.push_back(w.name);
    }
    for (const size_t c : s->side) {
      w.side.push_back(out_.constants[c].name);
      out_.constants[c].consumers.push_back(w.name);
    }
    w.bytes_per_core = payload_bytes_per_core(w.cin, w.cout, w.format);
    w.lines_per_core = payload_lines(w.cin, w.cout, w.format);
    if (w.lines_per_core == 0 && w.streamed) {
      throw ModelFileError(fmt::format("{}: {}: {} x {}: the per-core transfer exceeds 2^32-1 lines",
                                       w.source, printable(w.name, 60), w.cin, w.cout));
    }
    last_payload_ = s->payload;
    last_palettes_ = s->palettes;
    last_side_ = s->side;
    if (s->concatenated_names.size() > 1) {
      w.fused_from = s->concatenated_names;
      fused_finding(w, *s);
    }
    return w;
  }

  void fused_finding(const ProgramWeightOp& w, const WeightSource& s) {
    std::string pieces;
    for (size_t i = 0; i < s.concatenated.size(); ++i) {
      const ProgramConstant& c = out_.constants[s.concatenated[i]];
      pieces += fmt::format("{}{} {}", i == 0 ? "" : ", ", c.name, shape_text(c.shape));
    }
    out_.findings.push_back(ProgramFinding{
        "fused-split", function_, w.name,
        fmt::format("{} ({}) reads {}, a concat of {} constants ({}): the split is undone, and "
                    "the op streams one weight of {} lines per core ({})",
                    w.name, w.source, w.weight, s.concatenated_names.size(), pieces,
                    w.lines_per_core, lap_position_text(w.lines_per_core))});
  }

  static std::string lap_position_text(uint64_t lines) {
    const uint64_t lap = 0x4000;
    const uint64_t k = (lines + lap / 2) / lap;
    const int64_t x = static_cast<int64_t>(lines) - static_cast<int64_t>(k * lap);
    return fmt::format("{} MiB multiple{}, {:+} lines", k, k == 1 ? "" : "s", x);
  }

  static std::string shape_text(const std::vector<int64_t>& shape) {
    std::string s = "[";
    for (size_t i = 0; i < shape.size(); ++i) {
      s += fmt::format("{}{}", i == 0 ? "" : ", ", shape[i]);
    }
    return s + "]";
  }

  static std::string join(const std::vector<std::string>& parts, const char* sep) {
    std::string s;
    for (const std::string& p : parts) s += (s.empty() ? "" : sep) + p;
    return s;
  }

  const MilType* type_of(const MilValue& v) const {
    if (v.kind == MilValue::Kind::kBlob || v.kind == MilValue::Kind::kImmediate) return &v.type;
    if (v.kind != MilValue::Kind::kName) return nullptr;
    const auto it = vars_.find(v.name);
    return it == vars_.end() ? nullptr : it->second.type;
  }

  void unknown_shape(const MilStatement& st, const MilValue& weight) {
    out_.notes.push_back(fmt::format(
        "{}: {} reads {} of no fixed 2-D or larger shape: counted as an op that streams no weights",
        where(file_, st.at), printable(outputs_name(st), 60),
        weight.kind == MilValue::Kind::kName ? printable(weight.name, 60) : "an inline constant"));
  }

  CompiledProgram& out_;
  std::string file_, folder_, function_;
  std::string last_path_;  // the weight file weight_file() resolved last
  std::unordered_map<std::string, Var> vars_;
  std::unordered_map<std::string, std::string> literals_;
  std::unordered_map<size_t, std::optional<WeightSource>> resolved_;
  const std::vector<MilStatement>* statements_ = nullptr;
  std::map<std::string, std::unique_ptr<BlobFile>> files_;
  std::unordered_map<std::string, size_t> blob_index_;
  bool derived_ = false, checked_any_ = false;
  std::string missing_example_, missing_at_;
  std::vector<size_t> last_payload_, last_palettes_, last_side_;
  std::vector<std::vector<size_t>> task_constants_;
  std::set<size_t> gather_constants_;
};

bool is_directory(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}
bool is_regular(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

std::string without_trailing_slash(std::string p) {
  while (p.size() > 1 && p.back() == '/') p.pop_back();
  return p;
}

[[noreturn]] void refuse_package(const std::string& path) {
  throw ModelFileError(fmt::format(
      "{}: a .mlpackage holds its program as a protobuf message (Data/com.apple.CoreML/"
      "model.mlmodel), which anesim does not read; compile it to a .mlmodelc folder "
      "(xcrun coremlcompiler compile PACKAGE OUTDIR, or coremltools' "
      "ct.utils.compile_model(...)) and give that folder",
      printable_whole(path)));
}

// The first run of digits in a name, for ordering numbered programs.
std::optional<uint64_t> number_in(const std::string& name) {
  size_t i = 0;
  while (i < name.size() && !std::isdigit(static_cast<unsigned char>(name[i]))) ++i;
  if (i == name.size()) return std::nullopt;
  uint64_t n = 0;
  for (size_t digits = 0; i < name.size() && std::isdigit(static_cast<unsigned char>(name[i])) &&
                          digits < 18;
       ++i, ++digits) {
    n = n * 10 + static_cast<uint64_t>(name[i] - '0');
  }
  return n;
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// The programs of a deployment folder, in run order.
std::vector<std::string> deployment_programs(const std::string& folder) {
  const std::string manifest = (fs::path(folder) / kManifestName).string();
  std::vector<std::string> out;
  if (is_regular(manifest)) {
    std::string why;
    const std::optional<std::string> text = read_text_file(manifest, 1 << 20, "manifest", why);
    if (!text) throw ModelFileError(fmt::format("{}: {}", printable_whole(manifest), why));
    uint32_t line_no = 0;
    size_t start = 0;
    while (start <= text->size()) {
      size_t end = text->find('\n', start);
      if (end == std::string::npos) end = text->size();
      std::string line = text->substr(start, end - start);
      ++line_no;
      start = end + 1;
      if (const size_t hash = line.find('#'); hash != std::string::npos) line.erase(hash);
      while (!line.empty() && std::isspace(static_cast<unsigned char>(line.back()))) line.pop_back();
      size_t lead = 0;
      while (lead < line.size() && std::isspace(static_cast<unsigned char>(line[lead]))) ++lead;
      line.erase(0, lead);
      if (line.empty()) {
        if (end == text->size()) break;
        continue;
      }
      if (line[0] == '/' || line.find("..") != std::string::npos) {
        throw ModelFileError(fmt::format("{}:{}: program: '{}' must be a name inside the folder",
                                         printable_whole(manifest), line_no, printable(line, 80)));
      }
      const std::string p = (fs::path(folder) / line).string();
      if (!is_directory(p) && !is_regular(p)) {
        throw ModelFileError(fmt::format("{}:{}: program: '{}' is not there",
                                         printable_whole(manifest), line_no, printable(line, 80)));
      }
      out.push_back(p);
      if (end == text->size()) break;
    }
    if (out.empty()) {
      throw ModelFileError(fmt::format("{}: names no program", printable_whole(manifest)));
    }
    return out;
  }
  struct Entry {
    std::string path, name;
    std::optional<uint64_t> number;
  };
  std::vector<Entry> entries;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(folder, ec)) {
    const std::string name = e.path().filename().string();
    if (ends_with(name, ".mlpackage")) continue;  // the sources of compiled programs beside them
    if (ends_with(name, ".mlmodelc") && is_regular((e.path() / "model.mil").string())) {
      entries.push_back(Entry{e.path().string(), name, number_in(name)});
    }
  }
  if (ec) {
    throw ModelFileError(fmt::format("{}: {}", printable_whole(folder), ec.message()));
  }
  if (entries.empty()) {
    throw ModelFileError(fmt::format(
        "{}: no model.mil, no .mlmodelc program and no {} (a compiled program is a .mlmodelc "
        "folder; docs/program-format.md)",
        printable_whole(folder), kManifestName));
  }
  // Embeddings first, numbered programs in their order, then the rest (a head).
  const auto rank = [](const Entry& e) {
    if (lower(e.name).find("embed") != std::string::npos) return 0;
    return e.number ? 1 : 2;
  };
  std::sort(entries.begin(), entries.end(), [&](const Entry& a, const Entry& b) {
    if (rank(a) != rank(b)) return rank(a) < rank(b);
    if (a.number != b.number) return a.number < b.number;
    return a.name < b.name;
  });
  size_t unnumbered = 0;
  for (const Entry& e : entries) unnumbered += rank(e) == 2 ? 1 : 0;
  if (entries.size() > 1 && unnumbered > 1) {
    throw ModelFileError(fmt::format(
        "{}: {} programs, {} of them with no number in their names: their order is not known; "
        "list them, one per line, in {} (docs/program-format.md)",
        printable_whole(folder), entries.size(), unnumbered, kManifestName));
  }
  for (const Entry& e : entries) out.push_back(e.path);
  return out;
}

}  // namespace

const char* weight_op_kind_name(WeightOpKind k) {
  switch (k) {
    case WeightOpKind::kConv:
      return "conv";
    case WeightOpKind::kLinear:
      return "linear";
    case WeightOpKind::kMatmul:
      return "matmul";
    case WeightOpKind::kGather:
      return "gather";
  }
  return "?";
}

CompiledProgram read_program_text(const std::string& text, const std::string& origin) {
  CompiledProgram out;
  out.path = origin;
  ProgramReader reader(out);
  reader.read_text(text, origin, "");
  reader.finish_notes();
  return out;
}

bool looks_like_program(const std::string& path) {
  const std::string p = without_trailing_slash(path);
  return ends_with(p, ".mil") || ends_with(p, ".mlmodelc") || ends_with(p, ".mlpackage") ||
         is_directory(p);
}

CompiledProgram load_compiled_program(const std::string& given) {
  const std::string path = without_trailing_slash(given);
  CompiledProgram out;
  out.path = given;
  ProgramReader reader(out);
  if (ends_with(path, ".mlpackage")) refuse_package(path);
  if (ends_with(path, ".mil")) {
    if (!is_regular(path)) {
      throw ModelFileError(fmt::format("{}: program: no such file", printable_whole(path)));
    }
    const std::string parent = fs::path(path).parent_path().string();
    reader.read_program(path, parent.empty() ? "." : parent);
  } else if (!is_directory(path)) {
    throw ModelFileError(fmt::format("{}: program: no such folder", printable_whole(path)));
  } else if (is_regular((fs::path(path) / "model.mil").string())) {
    reader.read_program((fs::path(path) / "model.mil").string(), path);
  } else {
    for (const std::string& p : deployment_programs(path)) {
      if (ends_with(without_trailing_slash(p), ".mlpackage")) refuse_package(p);
      if (is_directory(p)) {
        const std::string mil = (fs::path(p) / "model.mil").string();
        if (!is_regular(mil)) {
          throw ModelFileError(fmt::format("{}: no model.mil in it", printable_whole(p)));
        }
        reader.read_program(mil, p);
      } else {
        reader.read_program(p, path);
      }
    }
  }
  reader.finish_notes();
  return out;
}

namespace {

// The function of one program file that runs as the step.
const ProgramFunction* step_function(const CompiledProgram& p, const std::string& file,
                                     const std::string& wanted) {
  const ProgramFunction* first = nullptr;
  const ProgramFunction* preferred = nullptr;
  for (const ProgramFunction& f : p.functions) {
    if (f.file != file) continue;
    if (first == nullptr) first = &f;
    if (!wanted.empty() && f.name == wanted) return &f;
    if (wanted.empty() && preferred == nullptr && (f.name == "main" || f.name == "infer")) {
      preferred = &f;
    }
  }
  if (!wanted.empty()) return nullptr;
  return preferred != nullptr ? preferred : first;
}

}  // namespace

ModelDescription program_model(const CompiledProgram& p, const ProgramSelection& s) {
  ModelDescription m;
  m.source = p.path;
  const fs::path base = fs::path(without_trailing_slash(p.path)).filename();
  m.name = base.string();
  m.display_name = base.string();
  m.layers = 1;
  m.compiled_program = true;
  // Ops of one shape and format share a name: the advisor's rows and a split policy's keys.
  std::map<std::string, std::string> group_of_shape;
  bool first_program = true;
  uint32_t pending_ops = 0;
  std::string missing;
  for (const std::string& file : p.programs) {
    const ProgramFunction* f = step_function(p, file, s.function);
    if (f == nullptr) {
      missing += (missing.empty() ? "" : ", ") + file;
      continue;
    }
    bool opens = !first_program;
    first_program = false;
    for (const ProgramWeightOp& w : f->weight_ops) {
      if (!w.streamed) {
        continue;
      }
      for (uint64_t copy = 0; copy < w.count; ++copy) {
        ProgramTask t;
        t.name = w.name;
        const std::string key = fmt::format("{}x{}/{}/{}x{}", w.cin, w.cout, format_text(w.format),
                                            w.palette_cin, w.palette_cout);
        t.group = group_of_shape.emplace(key, w.name).first->second;
        t.cin = w.cin;
        t.cout = w.cout;
        t.format = w.format;
        t.palette_cin = w.palette_cin;
        t.palette_cout = w.palette_cout;
        t.ops_before = (copy == 0 ? w.ops_before : 0) + pending_ops;
        t.gap_lines = copy == 0 ? w.gap_lines : 0;
        t.starts_program = opens;
        opens = false;
        pending_ops = 0;
        m.program_tasks.push_back(std::move(t));
      }
    }
    // Ops of a function with no streamed weight (an embedding program) and after the last.
    pending_ops += f->ops_after;
    if (f->weight_ops.empty()) pending_ops += static_cast<uint32_t>(f->ops);
  }
  if (!missing.empty()) {
    throw ModelFileError(fmt::format("{}: no function '{}' (in {})", printable_whole(p.path),
                                     printable(s.function, 60), printable_whole(missing)));
  }
  m.program_ops_after = pending_ops;
  if (m.program_tasks.empty()) return m;
  m.dtype = m.program_tasks.front().format.dtype;
  m.element_bytes = dtype_bits(m.dtype) % 8 == 0 ? dtype_bits(m.dtype) / 8 : 0;
  return m;
}

}  // namespace anesim
