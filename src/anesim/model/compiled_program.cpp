#include <anesim/model/compiled_program.h>

#include <filesystem>

#include <fmt/format.h>

#include <anesim/io/errors.h>
#include <anesim/io/text_functions.h>
#include <anesim/model/program_files.h>
#include <anesim/model/program_reader.h>

namespace anesim {

namespace fs = std::filesystem;

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
  reader.finish();
  return out;
}

bool looks_like_program(const std::string& path) {
  const std::string p = without_trailing_slash(path);
  return ends_with(p, ".mil") || ends_with(p, ".mlmodelc") || ends_with(p, ".mlpackage") ||
         is_directory(p);
}

CompiledProgram load_compiled_program(const std::string& path) {
  CompiledProgram out;
  out.path = path;
  ProgramReader reader(out);
  for (const ProgramFile& f : program_files(path)) reader.read_program(f.mil, f.folder);
  reader.finish();
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
  for (const ProgramFinding& f : p.findings) m.findings.push_back(f.kind + ": " + f.text);
  if (m.program_tasks.empty()) return m;
  m.dtype = m.program_tasks.front().format.dtype;
  m.element_bytes = dtype_bits(m.dtype) % 8 == 0 ? dtype_bits(m.dtype) / 8 : 0;
  return m;
}

}  // namespace anesim
