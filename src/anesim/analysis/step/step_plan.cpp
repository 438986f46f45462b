#include <anesim/analysis/step/step_plan.h>

#include <fmt/format.h>

#include <anesim/io/errors.h>
#include <anesim/io/text_functions.h>
#include <anesim/model/model_transfers.h>

namespace anesim {

namespace {

// An op's name as its kind, each run of digits a '*' (layers_3_q_proj ->
// layers_*_q_proj): the step's breakdown adds up the ops of one kind.
std::string op_kind(const std::string& name) {
  std::string out;
  for (const char c : name) {
    if (c >= '0' && c <= '9') {
      if (out.empty() || out.back() != '*') out += '*';
    } else {
      out += c;
    }
  }
  return out;
}

class PlanBuilder {
 public:
  PlanBuilder(const ModelDescription& m, const SplitPolicy& policy) : m_(m), policy_(policy) {}

  void add_ops(uint32_t n) {
    pending_ += n;
    plan_.other_ops += n;
  }

  // A norm's weight vector (`hidden` fp16 values, cut over the 16 cores as
  // a 1 x hidden weight is): stored in the program's constants before the
  // next task's weights, and not streamed as a weight task.
  void add_norm_weights() {
    if (m_.hidden == 0) return;
    pending_gap_ += static_cast<uint32_t>(payload_lines(1, m_.hidden, WeightFormat{Dtype::kFp16}));
  }

  // One weight matrix, cut along Cin as the policy says; a LUT format's
  // palette streams once before it (its chunks share the one palette).
  // A compiled program's constants laid out before the next task.
  void add_gap(uint32_t lines) { pending_gap_ += lines; }

  // A compiled program's weight op: its own palette (the LUT the program
  // stores), then its weights cut as the policy says for its group.
  void add_program_task(const ProgramTask& t) {
    if (t.starts_program) open_program();
    add_ops(t.ops_before);
    add_gap(t.gap_lines);
    const std::string kind = op_kind(t.name);
    if (t.palette_cin > 0) {
      add_task(kind + ".palette", 0, 0, 1,
               Transfer{kind + ".palette", t.palette_cin, t.palette_cout, 1, WeightFormat{}});
    }
    add_chunks(kind, t.group, 0, t.cin, t.cout, t.format);
  }

  void add_transfer(const std::string& name, uint32_t layer, uint64_t cin, uint64_t cout,
                    const WeightFormat& format) {
    if (const std::optional<Transfer> palette =
            palette_transfer(Transfer{name, cin, cout, 1, format})) {
      add_task(palette->name, layer, 0, 1, *palette);
    }
    add_chunks(name, name, layer, cin, cout, format);
  }

  // One weight matrix cut along Cin into the chunks the policy gives `key`.
  void add_chunks(const std::string& name, const std::string& key, uint32_t layer, uint64_t cin,
                  uint64_t cout, const WeightFormat& format) {
    const uint32_t chunks = policy_.chunks_of(key);
    const std::vector<uint64_t> parts = split_input_channels(cin, format, chunks);
    if (parts.empty()) {
      throw UsageError(fmt::format("split {}: {} chunks of Cin {} (at most {})", name, chunks, cin,
                                   cin / format.groups));
    }
    if (chunks > 1) {
      add_ops(chunks * m_.step_ops.split_slice);
    }
    for (uint32_t c = 0; c < chunks; ++c) {
      add_task(name, layer, c, chunks, Transfer{name, parts[c], cout, 1, format});
      ++plan_.convs;
    }
    if (chunks > 1) {
      add_ops(m_.step_ops.split_join);
    }
  }

  void add_task(const std::string& name, uint32_t layer, uint32_t chunk, uint32_t chunks,
                const Transfer& shape) {
    StepTask t;
    t.projection = name;
    t.layer = layer;
    t.chunk = chunk;
    t.chunks = chunks;
    t.cin = shape.cin;
    t.cout = shape.cout;
    const uint64_t lines = payload_lines(t.cin, t.cout, shape.format);
    if (lines == 0) {
      throw InputError(fmt::format("{}: {} x {}: the per-core transfer exceeds 2^32-1 lines", name,
                                   t.cin, t.cout));
    }
    t.lines = static_cast<uint32_t>(lines);
    t.ops_before = pending_;
    t.gap_lines = pending_gap_;
    t.starts_program = open_program_;
    t.format = shape.format;
    open_program_ = false;
    pending_ = 0;
    pending_gap_ = 0;
    plan_.tasks.push_back(t);
    plan_.weight_bytes += stored_bytes(shape);
  }

  void add_layer(uint32_t layer) {
    const StepOps& ops = m_.step_ops;
    bool attention_open = false, mlp_open = false;
    for (const Projection& p : m_.projections) {
      switch (p.role) {
        case ProjectionRole::kAttentionInput:
          if (!attention_open) {
            add_ops(ops.norm);
            add_norm_weights();
          }
          attention_open = true;
          break;
        case ProjectionRole::kAttentionOutput:
          add_ops(ops.attention);
          break;
        case ProjectionRole::kMlpInput:
          if (!mlp_open) {
            add_ops(ops.residual + ops.norm);
            add_norm_weights();
          }
          mlp_open = true;
          break;
        case ProjectionRole::kMlpOutput:
          add_ops(ops.activation);
          break;
        case ProjectionRole::kNone:  // not a decoder-layer name: no ops placed around it
          break;
      }
      for (uint32_t copy = 0; copy < p.count; ++copy) {
        add_transfer(p.name, layer, p.cin, p.cout, p.format);
      }
    }
    add_ops(ops.residual);  // the MLP's residual add
  }

  void open_program() {
    open_program_ = true;
    ++plan_.programs;
  }

  StepPlan finish() {
    plan_.ops_after = pending_;
    return plan_;
  }

 private:
  const ModelDescription& m_;
  const SplitPolicy& policy_;
  StepPlan plan_;
  uint32_t pending_ = 0;
  uint32_t pending_gap_ = 0;  // norm weight lines before the next task
  bool open_program_ = false;
};

}  // namespace

uint64_t StepPlan::lines_per_core() const {
  uint64_t sum = 0;
  for (const StepTask& t : tasks) {
    sum += t.lines;
  }
  return sum;
}

void require_decoder_layers(const ModelDescription& m) {
  if (m.layers == 0) {
    throw InputError(fmt::format(
        "{}: no decoder layers (no tensor named like model.layers.N.*): a decode step needs them",
        printable_whole(m.source)));
  }
}

StepPlan plan_step(const ModelDescription& m, const SplitPolicy& policy, uint32_t programs) {
  if (m.compiled_program && m.program_tasks.empty()) {
    throw InputError(fmt::format(
        "{}: the program has no op that streams weights: there is no kernel-DMA task to time "
        "(anesim program lists what it holds)",
        printable_whole(m.source)));
  }
  if (m.compiled_program && programs != 1) {
    throw UsageError(fmt::format(
        "--programs: {}: a compiled program runs as the programs it is made of; give 1", programs));
  }
  require_decoder_layers(m);
  if (programs < 1 || programs > m.layers) {
    throw UsageError(
        fmt::format("--programs: {} is out of range (expected 1..{}, the layers of {})", programs,
                    m.layers, m.display_name));
  }
  PlanBuilder b(m, policy);
  if (!m.program_tasks.empty()) {
    // A compiled program (docs/program-format.md): its weight ops in run
    // order, with the ops and constants the program puts between them.
    for (const ProgramTask& t : m.program_tasks) b.add_program_task(t);
    b.add_ops(m.program_ops_after);
    return b.finish();
  }
  if (!m.streams.empty()) {
    // A safetensors header (docs/model-format.md): its matrices, each `count`
    // times, back to back; the header names no ops between them.
    for (const WeightStream& s : m.streams) {
      for (uint64_t i = 0; i < s.count; ++i) {
        b.add_transfer(s.name, 0, s.cin, s.cout, WeightFormat{s.dtype});
      }
    }
    return b.finish();
  }
  if (m.embedding_streamed) {
    b.add_transfer("embedding", 0, m.embedding_dim, m.vocab, WeightFormat{m.dtype});
  }
  // Program p holds layers [first(p), first(p + 1)): near-equal, the first ones longer.
  const uint32_t base = m.layers / programs, longer = m.layers % programs;
  uint32_t next_start = base + (longer > 0 ? 1 : 0);
  uint32_t program = 0;
  for (uint32_t layer = 0; layer < m.layers; ++layer) {
    if (layer == next_start && layer > 0) {
      b.open_program();
      ++program;
      next_start += base + (program < longer ? 1 : 0);
    }
    b.add_layer(layer);
  }
  if (m.lm_head_streamed) {
    b.add_ops(m.step_ops.norm + m.step_ops.outside_layers);  // the final norm
    b.add_norm_weights();
    for (const uint64_t rows : split_channels(m.lm_head_cout, m.lm_head_shards)) {
      b.add_transfer("lm_head", m.layers, m.lm_head_cin, rows, WeightFormat{m.lm_head_dtype});
    }
  } else {
    b.add_ops(m.step_ops.outside_layers);
  }
  return b.finish();
}

}  // namespace anesim
