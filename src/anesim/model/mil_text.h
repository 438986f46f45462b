// Core ML's MIL program text (model.mil in a compiled .mlmodelc folder, or
// the text the direct Neural Engine path takes) read into a syntax tree:
// functions, their statements, each statement's typed outputs, its op and
// its arguments. Nothing here knows what an op means
// (compiled_program.h does); the reader only knows the grammar, in both
// scalar spellings (program(1.0)'s `tensor<string, []>("x")` and
// program(1.3)'s `string("x")`), with attribute-form (`op()[a = ...]`) and
// argument-form (`op(a = ...)`) operands, tuples (`values = (a, b)`) and
// nested blocks. docs/program-format.md.
//
// Hostile input is an error naming FILE:LINE:COL, never a crash: the reader
// is linear in its input and bounds nesting (fuzzed).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace anesim {

struct MilPosition {
  uint32_t line = 0, column = 0;
};

// A type as written: `tensor<fp16, [4096, 2048]>`, `string`, `uint64`,
// `list<...>`, `state<tensor<...>>`. `dtype` is the element type for
// tensors and scalars ("fp16", "uint4", "string"; "" for other kinds).
struct MilType {
  std::string text;  // the whole type, whitespace removed
  std::string kind;  // "tensor", "scalar", or the outer name (list, dict, state, tuple)
  std::string dtype;
  std::vector<int64_t> shape;  // -1 for a symbolic or unknown dimension
  bool rank_known = true;      // false for `tensor<fp16, *>` and non-tensors
};

// An operand: a variable's name, an immediate of a type, a BLOBFILE of a
// type, or a tuple of operands.
struct MilValue {
  enum class Kind : uint8_t { kName, kImmediate, kBlob, kTuple };
  Kind kind = Kind::kName;
  std::string name;       // kName
  MilType type;           // kImmediate, kBlob
  std::string literal;    // kImmediate: the text between its parentheses
  std::string blob_path;  // kBlob: as written ("@model_path/weights/weight.bin")
  uint64_t blob_offset = 0;
  std::vector<MilValue> items;  // kTuple
  MilPosition at;
};

struct MilArgument {
  std::string key;
  MilValue value;
  bool attribute = false;  // written in the op's [ ] rather than its ( )
};

struct MilOutput {
  MilType type;
  std::string name;
};

struct MilStatement {
  std::vector<MilOutput> outputs;
  std::string op;
  std::vector<MilArgument> arguments;
  uint32_t depth = 0;  // 0 in a function's body, 1 inside an op's block, ...
  MilPosition at;
  // The argument named `key` (either form), or nullptr.
  const MilValue* argument(const std::string& key) const;
};

struct MilFunction {
  std::string name, opset;  // "main", "ios18"
  std::vector<MilOutput> inputs;
  std::vector<MilStatement> statements;  // nested blocks' statements inline, depth > 0
  std::vector<std::string> results;
  MilPosition at;
};

struct MilProgram {
  std::string version;  // "1.0", "1.3"
  std::vector<MilFunction> functions;
};

// Nesting (brackets, types, blocks) deeper than this is refused.
constexpr uint32_t kMaxMilNesting = 64;

// Parses `text`; `origin` names it in messages. Throws ModelFileError
// ("origin:LINE:COL: what").
MilProgram parse_mil_text(const std::string& text, const std::string& origin);

}  // namespace anesim
