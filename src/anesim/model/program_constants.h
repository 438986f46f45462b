// The constants of a compiled program as the reader meets them
// (compiled_program.h): each const() and inline operand, each BLOBFILE
// resolved inside the program's folder and checked against its weight
// file's descriptor (blob_file.h), equal blobs kept once within and across
// functions and programs. Without any weight file the sizes are derived
// from the types and shapes, and the program says so.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include <anesim/model/blob_file.h>
#include <anesim/model/compiled_program.h>
#include <anesim/model/mil_text.h>

namespace anesim {

// "FILE:LINE:COL".
std::string mil_where(const std::string& file, const MilPosition& at);
// The product of `shape`; 0 for a symbolic dimension or past 2^64.
uint64_t element_count(const std::vector<int64_t>& shape);
// Per-core 64 B lines of a constant that is not a weight (a norm's vector,
// scales): its elements cut over the 16 cores as a 1 x N weight is.
uint64_t side_lines(const ProgramConstant& c);

class ProgramConstants {
 public:
  explicit ProgramConstants(CompiledProgram& out) : out_(out) {}

  // A program's text `file`, its @model_path `folder` ("" reads no weight
  // file), and the function being read.
  void enter(const std::string& file, const std::string& folder);
  void set_function(const std::string& name) { function_ = name; }
  const std::string& file() const { return file_; }

  // Registers a constant (a const() or an inline operand) and returns its
  // index in the program's constants. Throws ModelFileError.
  size_t add(const std::string& name, const MilType& type, const MilValue* value,
             const MilPosition& at);

  ProgramConstant& operator[](size_t i) { return out_.constants[i]; }
  const ProgramConstant& operator[](size_t i) const { return out_.constants[i]; }

  // The notes and totals of the weight files read.
  void finish();

 private:
  BlobFile* weight_file(const std::string& written, const std::string& at);
  [[noreturn]] void mixed_missing(const std::string& present, const std::string& at) const;

  CompiledProgram& out_;
  std::string file_, folder_, function_;
  std::string last_path_;  // the weight file weight_file() resolved last
  std::map<std::string, std::unique_ptr<BlobFile>> files_;
  std::unordered_map<std::string, size_t> blob_index_;  // "file\noffset" -> constant
  bool derived_ = false, checked_any_ = false;
  std::string missing_example_, missing_at_;
};

}  // namespace anesim
