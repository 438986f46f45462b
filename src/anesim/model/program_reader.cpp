#include <anesim/model/program_reader.h>

#include <algorithm>
#include <map>
#include <unordered_map>

#include <fmt/format.h>

#include <anesim/io/errors.h>
#include <anesim/io/text_file.h>
#include <anesim/io/text_functions.h>
#include <anesim/model/weight_op_shape.h>
#include <sim/core/workload.h>

namespace anesim {

namespace {

// model.mil files larger than this are refused unread (an 8B model's is a
// few MB).
constexpr size_t kMaxMilBytes = size_t{256} << 20;

// "1 MiB multiple, +0 lines": where a payload sits against the laps (lap_position).
std::string lap_text(uint64_t lines) {
  const LapPosition p = lap_position(lines);
  return fmt::format("{} MiB multiple{}, {:+} lines", p.k, p.k == 1 ? "" : "s", p.x);
}

std::string shape_text(const std::vector<int64_t>& shape) {
  std::string s = "[";
  for (size_t i = 0; i < shape.size(); ++i) s += fmt::format("{}{}", i == 0 ? "" : ", ", shape[i]);
  return s + "]";
}

}  // namespace

void ProgramReader::read_program(const std::string& mil_path, const std::string& folder) {
  std::string why;
  const std::optional<std::string> text = read_regular_file(mil_path, kMaxMilBytes, "program", why);
  if (!text) throw ModelFileError(fmt::format("{}: {}", printable_whole(mil_path), why));
  read_text(*text, mil_path, folder);
}

void ProgramReader::read_text(const std::string& text, const std::string& mil_path,
                              const std::string& folder) {
  const MilProgram program = parse_mil_text(text, mil_path);
  if (program.functions.empty()) {
    throw ModelFileError(fmt::format("{}: no function (expected 'func NAME<opset>(...)')",
                                     printable_whole(mil_path)));
  }
  if (out_.programs.empty()) out_.version = program.version;
  out_.programs.push_back(mil_path);
  constants_.enter(mil_path, folder);
  for (const MilFunction& f : program.functions) read_function(f);
}

void ProgramReader::read_function(const MilFunction& f) {
  function_ = f.name;
  constants_.set_function(f.name);
  FunctionScope scope(constants_, f);
  ProgramFunction pf;
  pf.name = f.name;
  pf.opset = f.opset;
  pf.file = constants_.file();
  if (!f.opset.empty() &&
      std::find(out_.opsets.begin(), out_.opsets.end(), f.opset) == out_.opsets.end()) {
    out_.opsets.push_back(f.opset);
  }
  for (const MilOutput& in : f.inputs) {
    scope.declare(in.name, ProgramVar{ProgramVar::Kind::kInput, 0, 0, &in.type});
  }
  std::vector<size_t> blob_order;  // the function's blob constants, first use first
  std::set<size_t> in_function;
  const auto note_blob = [&](size_t c) {
    if (constants_[c].in_blob && in_function.insert(c).second) blob_order.push_back(c);
  };
  uint32_t pending_ops = 0;
  for (size_t i = 0; i < f.statements.size(); ++i) {
    const MilStatement& st = f.statements[i];
    if (st.op == "const") {
      const MilValue* val = st.argument("val");
      if (st.outputs.size() != 1) {
        throw ModelFileError(
            fmt::format("{}: const: expected one output", mil_where(constants_.file(), st.at)));
      }
      if (val == nullptr) {
        throw ModelFileError(fmt::format("{}: const {}: no 'val'",
                                         mil_where(constants_.file(), st.at),
                                         printable(st.outputs[0].name, 60)));
      }
      const size_t c = constants_.add(st.outputs[0].name, st.outputs[0].type, val, st.at);
      if (val->kind == MilValue::Kind::kImmediate) {
        scope.remember_literal(st.outputs[0].name, val->literal);
      }
      scope.declare(st.outputs[0].name,
                    ProgramVar{ProgramVar::Kind::kConstant, c, 0, &st.outputs[0].type});
      note_blob(c);
      continue;
    }
    const bool all_constant =
        !st.arguments.empty() &&
        std::all_of(st.arguments.begin(), st.arguments.end(), [&](const MilArgument& a) {
          return a.key == "name" || scope.constant_value(a.value);
        });
    if (st.op.compare(0, 10, "constexpr_") == 0 || (all_constant && st.op != "gather")) {
      // Decompression, or an op of constants the compiler folds: a weight in the making.
      for (const MilOutput& o : st.outputs) {
        scope.declare(o.name, ProgramVar{ProgramVar::Kind::kWeight, 0, i, &o.type});
      }
      for (const MilArgument& a : st.arguments) {  // inline operands are constants too
        if (a.value.kind == MilValue::Kind::kBlob) {
          note_blob(constants_.add(FunctionScope::output_name(st) + "." + a.key, a.value.type,
                                   &a.value, a.value.at));
        }
      }
      continue;
    }
    for (const MilOutput& o : st.outputs) {
      scope.declare(o.name, ProgramVar{ProgramVar::Kind::kOther, 0, i, &o.type});
    }
    std::optional<ProgramWeightOp> w = weight_op(scope, st);
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
    const WeightSource& s = last_source_;
    for (const auto* list : {&s.payload, &s.palettes, &s.side}) {
      for (const size_t c : *list) note_blob(c);
    }
    task_constants_.push_back(s.payload);
    task_constants_.back().insert(task_constants_.back().end(), s.palettes.begin(),
                                  s.palettes.end());
    if (!w->streamed) gather_constants_.insert(s.payload.begin(), s.payload.end());
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
void ProgramReader::place_gaps(ProgramFunction& pf, std::vector<size_t> blobs) const {
  // Files in the order the program first names them (one file per tensor
  // is then program order), offsets ascending within a file.
  std::map<std::string, size_t> file_rank;
  for (const size_t c : blobs) file_rank.emplace(constants_[c].file, file_rank.size());
  std::stable_sort(blobs.begin(), blobs.end(), [&](size_t a, size_t b) {
    const ProgramConstant &x = constants_[a], &y = constants_[b];
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
      if (gather_constants_.count(c) == 0) gap += side_lines(constants_[c]);
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

std::optional<ProgramWeightOp> ProgramReader::weight_op(FunctionScope& scope,
                                                        const MilStatement& st) {
  ProgramWeightOp w;
  w.name = FunctionScope::output_name(st);
  if (const MilValue* n = st.argument("name");
      n != nullptr && n->kind == MilValue::Kind::kImmediate && !n->literal.empty()) {
    w.name = n->literal;  // the op's own name, as the compiler reports it
  }
  w.source = mil_where(constants_.file(), st.at);
  if (st.op == "conv" || st.op == "conv_transpose") {
    w.kind = WeightOpKind::kConv;
    w.operand = "weight";
  } else if (st.op == "linear") {
    w.kind = WeightOpKind::kLinear;
    w.operand = "weight";
  } else if (st.op == "matmul") {
    w.kind = WeightOpKind::kMatmul;
    const MilValue* y = st.argument("y");
    w.operand = y != nullptr && scope.constant_value(*y) ? "y" : "x";
  } else if (st.op == "gather" || st.op == "gather_along_axis") {
    w.kind = WeightOpKind::kGather;
    w.operand = "x";
    w.streamed = false;
  } else {
    return std::nullopt;
  }
  const MilValue* weight = st.argument(w.operand);
  if (weight == nullptr || !scope.constant_value(*weight)) return std::nullopt;
  const std::optional<WeightSource> s = scope.resolve(*weight);
  if (!s || s->payload.empty()) return std::nullopt;
  w.weight = weight->kind == MilValue::Kind::kName ? weight->name : w.name + "." + w.operand;
  const MilType* type = scope.type_of(*weight);
  if (type == nullptr || !type->rank_known || type->shape.size() < 2 ||
      element_count(type->shape) == 0) {
    out_.notes.push_back(fmt::format(
        "{}: {} reads {}, of no fixed shape of rank 2 or more: counted as an op that streams no "
        "weights",
        w.source, printable(w.name, 60), printable(w.weight, 60)));
    return std::nullopt;
  }
  WeightOpOperands operands;
  operands.groups = static_cast<uint64_t>(
      std::max<int64_t>(scope.integer_of(st.argument("groups")).value_or(1), 1));
  operands.transposed =
      scope.bool_of(st.argument(w.operand == "y" ? "transpose_y" : "transpose_x")).value_or(false);
  operands.conv_transpose = st.op == "conv_transpose";
  describe_weight_op(w, type->shape, operands, *s, constants_);
  last_source_ = *s;
  if (s->concatenated_names.size() > 1) {
    w.fused_from = s->concatenated_names;
    fused_finding(w, *s);
  }
  return w;
}

void ProgramReader::fused_finding(const ProgramWeightOp& w, const WeightSource& s) {
  std::string pieces;
  for (size_t i = 0; i < s.concatenated.size(); ++i) {
    const ProgramConstant& c = constants_[s.concatenated[i]];
    pieces += fmt::format("{}{} {}", i == 0 ? "" : ", ", c.name, shape_text(c.shape));
  }
  out_.findings.push_back(ProgramFinding{
      "fused-split", function_, w.name,
      fmt::format("{} ({}) reads {}, a concat of {} constants ({}): the split is undone, and "
                  "the op streams one weight of {} lines per core ({})",
                  w.name, w.source, w.weight, s.concatenated_names.size(), pieces, w.lines_per_core,
                  lap_text(w.lines_per_core))});
}

}  // namespace anesim
