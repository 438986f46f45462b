// A weight op's transfer from its weight's dense shape and its stored
// source (docs/program-format.md, "Weight ops"): Cin, Cout, kernel, groups
// and batch copies by op kind, the stored format (a LUT of the index bits,
// else the stored element type), its palette as a transfer, and the
// payload per core by the advisor's rule.
#pragma once

#include <cstdint>
#include <vector>

#include <anesim/model/compiled_program.h>
#include <anesim/model/program_constants.h>
#include <anesim/model/program_scope.h>

namespace anesim {

struct WeightOpOperands {
  uint64_t groups = 1;      // conv: its groups operand
  bool transposed = false;  // matmul: transpose_y (or transpose_x) of the constant operand
  bool conv_transpose = false;
};

// Fills `w` (name, kind, operand and source already set) from the weight's
// dense `shape` (rank 2 or more, every dimension known) and `s`, and adds
// `w` to its constants' consumers. Throws ModelFileError naming w.source.
void describe_weight_op(ProgramWeightOp& w, const std::vector<int64_t>& shape,
                        const WeightOpOperands& operands, const WeightSource& s,
                        ProgramConstants& constants);

}  // namespace anesim
