// Reads compiled programs' MIL text into a CompiledProgram
// (compiled_program.h): every function, its constants (program_constants.h),
// its weight ops with what they are built from (program_scope.h,
// weight_op_shape.h), the ops that stream no weights between them, the gap
// of constants before each, and the findings (a split fused back).
#pragma once

#include <set>
#include <string>
#include <vector>

#include <anesim/model/compiled_program.h>
#include <anesim/model/mil_text.h>
#include <anesim/model/program_constants.h>
#include <anesim/model/program_scope.h>

namespace anesim {

class ProgramReader {
 public:
  explicit ProgramReader(CompiledProgram& out) : out_(out), constants_(out) {}

  // One model.mil and the folder its @model_path names.
  void read_program(const std::string& mil_path, const std::string& folder);
  // The same for text in memory; `folder` "" reads no weight file.
  void read_text(const std::string& text, const std::string& mil_path, const std::string& folder);
  // Notes and totals, once every program is read.
  void finish() { constants_.finish(); }

 private:
  void read_function(const MilFunction& f);
  // The op's weight op, or nullopt when it reads no constant weight.
  std::optional<ProgramWeightOp> weight_op(FunctionScope& scope, const MilStatement& st);
  void place_gaps(ProgramFunction& pf, std::vector<size_t> blobs) const;
  void fused_finding(const ProgramWeightOp& w, const WeightSource& s);

  CompiledProgram& out_;
  ProgramConstants constants_;
  std::string function_;
  // Per function: each weight op's payload and palettes, and the embedding tables.
  std::vector<std::vector<size_t>> task_constants_;
  std::set<size_t> gather_constants_;
  WeightSource last_source_;  // the last weight op's
};

}  // namespace anesim
