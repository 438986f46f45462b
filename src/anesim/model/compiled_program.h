// A compiled Core ML program as the kernel DMA sees it (docs/program-format.md):
// its functions, every weight constant (type, shape, blob file and offset,
// consumers), the decompression ops that turn stored constants into
// weights (constexpr_lut_to_dense, constexpr_affine_dequantize,
// constexpr_blockwise_shift_scale, ...), and every op that consumes a
// weight (conv, linear, matmul with a constant operand, gather), each with
// its stored format and bytes per core, the ops that stream no weights
// before it and the constants laid out before it. Read from a .mlmodelc
// folder, a .mil file, or a deployment folder of several programs.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <anesim/model/model_description.h>
#include <anesim/model/weight_format.h>

namespace anesim {

// One constant of a program: `const()` with an immediate or a BLOBFILE
// value, or a BLOBFILE passed inline as an op's operand.
struct ProgramConstant {
  std::string name;      // its variable, or "OP.ARGUMENT" for an inline operand
  std::string function;  // the function it is first declared in
  std::string dtype;     // MIL element type: fp16, uint4, int8, ...
  std::vector<int64_t> shape;
  uint64_t elements = 0;
  uint64_t stored_bytes = 0;           // the descriptor's size, or derived from type and shape
  bool in_blob = false;                // a BLOBFILE (else an immediate in the program text)
  std::string file;                    // the weight file, as resolved ("" for an immediate)
  uint64_t offset = 0;                 // the descriptor's offset in `file`
  std::vector<std::string> consumers;  // ops reading it, directly or through decompression
  std::string source;                  // "FILE:LINE:COL" of its declaration
};

enum class WeightOpKind : uint8_t { kConv, kLinear, kMatmul, kGather };
const char* weight_op_kind_name(WeightOpKind k);  // "conv", "linear", "matmul", "gather"

// One op that reads a weight.
struct ProgramWeightOp {
  std::string name;  // the op's output variable
  WeightOpKind kind = WeightOpKind::kConv;
  std::string operand;        // the argument holding the weight: weight, y, x
  std::string weight;         // the weight's variable (or inline operand)
  std::string decompression;  // "", "constexpr_lut_to_dense", ... (outermost first, '+'-joined)
  uint64_t cin = 0, cout = 0, count = 1;       // count: a batched matmul's leading dimensions
  WeightFormat format;                         // stored dtype, kernel, groups
  std::vector<std::string> payload;            // constants streamed as the weight (indices, data)
  std::vector<std::string> palettes;           // LUTs
  std::vector<std::string> side;               // scales, zero points, offsets, masks
  uint64_t palette_cin = 0, palette_cout = 0;  // the LUT as a 2-D transfer (0: none)
  std::string file;           // the weight file of its first payload constant ("" for an immediate)
  uint64_t offset = 0;        // that constant's descriptor offset
  uint64_t stored_bytes = 0;  // the payload's bytes, all of it
  uint64_t bytes_per_core = 0, lines_per_core = 0;
  bool streamed = true;     // false for gather: a row lookup, not a kernel-DMA task
  uint32_t ops_before = 0;  // ops that stream no weights since the last weight op
  uint32_t gap_lines = 0;   // per core: constants laid out between the last task and this one
  std::vector<std::string> fused_from;  // constants concatenated into this weight
  std::string source;
};

struct ProgramFunction {
  std::string name, opset, file;  // file: the program it came from
  uint64_t ops = 0;               // every op but const and the decompression ops
  std::vector<ProgramWeightOp> weight_ops;
  uint32_t ops_after = 0;  // after the last weight op
  // Ops read but not known to stream weights, counted by name.
  std::map<std::string, uint64_t> other_ops;
};

// A finding the reader reports about the program (a split fused back).
struct ProgramFinding {
  std::string kind;  // "fused-split"
  std::string function, op, text;
};

struct CompiledProgram {
  std::string path;                   // as given
  std::vector<std::string> programs;  // the model.mil files read, in run order
  std::string version;                // program(VERSION) of the first one
  std::vector<std::string> opsets;    // every function's, distinct
  bool sizes_checked = false;         // every blob's descriptor was read and checked
  uint64_t weight_file_bytes_read = 0;
  std::vector<ProgramFunction> functions;
  std::vector<ProgramConstant> constants;
  std::vector<ProgramFinding> findings;
  std::vector<std::string> notes;  // what was derived rather than checked, and why
};

// Which function of a program runs as the decode step: "" = each program's
// first (a deployment folder runs every program's in turn).
struct ProgramSelection {
  std::string function;
};

// Reads `path`: a .mlmodelc folder (model.mil and its weights/), a .mil
// file (its @model_path is the folder holding it), a deployment folder
// holding several .mlmodelc programs (ordered by a manifest,
// anesim-programs.txt, or by the numbers in their names), or a .mlpackage
// (refused with the command that compiles it). Throws ModelFileError with
// FILE:LINE:COL or the blob's offset and the field.
CompiledProgram load_compiled_program(const std::string& path);

// One program's MIL text read without its weight files (sizes derived):
// what load_compiled_program does with each model.mil, for text already in
// memory (the fuzz target). `origin` names it in messages.
CompiledProgram read_program_text(const std::string& text, const std::string& origin);

// Whether `path` names something load_compiled_program reads: a folder or
// a name ending in .mil, .mlmodelc or .mlpackage.
bool looks_like_program(const std::string& path);

// The decode step of `p` as a model description: each streamed weight op
// of the selected function (of every program, in turn) a task, with its
// ops before it and the gap. Throws ModelFileError when the function is
// missing.
ModelDescription program_model(const CompiledProgram& p, const ProgramSelection& s = {});

}  // namespace anesim
