// One function of a compiled program as the reader walks it: its variables
// (inputs, constants, weights in the making, other values), and for a
// weight, what it is built from: the stored constants the kernel DMA
// streams (indices, integers, fp16), its palettes, and the scales, offsets
// and masks beside them, through the decompression ops, the ops the
// compiler folds (a reshape of a constant) and a concat of constants (a
// split fused back). docs/program-format.md, "Decompression ops".
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include <anesim/model/mil_text.h>
#include <anesim/model/program_constants.h>

namespace anesim {

struct ProgramVar {
  enum class Kind : uint8_t { kInput, kConstant, kWeight, kOther } kind = Kind::kOther;
  size_t constant = 0;   // kConstant: its index
  size_t statement = 0;  // kWeight: the producing statement
  const MilType* type = nullptr;
};

// A weight as decompression and folded ops build it from constants.
struct WeightSource {
  std::vector<size_t> payload, palettes, side;  // constant indices
  std::string payload_dtype;                    // the stored element type
  uint32_t lut_bits = 0;                        // palettized: index bits
  std::vector<int64_t> palette_shape;
  std::vector<std::string> decompression;  // outermost first
  std::vector<size_t> concatenated;        // constants a concat joined
  std::vector<std::string> concatenated_names;
};

class FunctionScope {
 public:
  FunctionScope(ProgramConstants& constants, const MilFunction& f) : c_(constants), f_(f) {}

  void declare(const std::string& name, ProgramVar v) { vars_[name] = v; }
  void remember_literal(const std::string& name, const std::string& text) {
    literals_[name] = text;
  }

  // Whether `v` is constant: an immediate, a blob, a constant or weight
  // variable, or a tuple of them.
  bool constant_value(const MilValue& v) const;
  // An immediate's integer or bool, directly or through a constant variable.
  std::optional<int64_t> integer_of(const MilValue* v) const;
  std::optional<bool> bool_of(const MilValue* v) const;
  // The declared type of an operand; nullptr when unknown.
  const MilType* type_of(const MilValue& v) const;

  // What the weight `v` is built from; nullopt when it is not a constant.
  std::optional<WeightSource> resolve(const MilValue& v, uint32_t depth = 0);

  static std::string output_name(const MilStatement& st) {
    return st.outputs.empty() ? st.op : st.outputs.front().name;
  }

 private:
  std::optional<std::string> literal_of(const MilValue* v) const;
  std::optional<size_t> constant_of(const MilStatement& st, const MilValue& v,
                                    const std::string& key);
  std::optional<WeightSource> resolve_statement(const MilStatement& st, uint32_t depth);

  ProgramConstants& c_;
  const MilFunction& f_;
  std::unordered_map<std::string, ProgramVar> vars_;
  std::unordered_map<std::string, std::string> literals_;
  // Resolved once: a constant feeding several ops (a tied embedding) is one constant.
  std::unordered_map<size_t, std::optional<WeightSource>> resolved_;
};

}  // namespace anesim
