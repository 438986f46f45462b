// A model description: the weight matrices an LLM streams through the ANE's
// kernel DMA for each decoded token, read from configs/models/NAME.yaml
// (format: docs/model-format.md). The advisor turns each matrix into a
// per-core transfer and asks whether it sits in the 1 MiB notch.
#pragma once

#include <yaml-cpp/yaml.h>

#include <cstdint>
#include <string>
#include <vector>

#include <anesim/model/weight_format.h>

namespace anesim {

// One linear layer X[1,cin] x W[cin,cout] of a decoder layer; `count` copies
// of it per layer (e.g. experts that all run).
// Where a projection sits in its decoder layer, which places the ops that
// stream no weights around it in a decode step (docs/model-format.md).
enum class ProjectionRole : uint8_t {
  kNone,             // not given and not known from the name: decode refuses it
  kAttentionInput,   // q, k, v: after the layer's first norm
  kAttentionOutput,  // o: after attention over the KV cache
  kMlpInput,         // gate, up: after the residual add and the second norm
  kMlpOutput,        // down: after the activation
};
// "attention_input", ...; "" for kNone.
const char* projection_role_name(ProjectionRole r);

struct Projection {
  std::string name;
  uint64_t cin = 0, cout = 0;
  uint32_t count = 1;
  ProjectionRole role = ProjectionRole::kNone;
  WeightFormat format;  // dtype (the model's unless given), kernel, groups
};

// The ops of a decode step that stream no weights, counted by kind
// (docs/model-format.md, "Ops of a decode step"). Defaults: the published
// synthetic step's graph (configs/models/llama-step-synthetic.yaml).
struct StepOps {
  uint32_t norm = 6;            // ops per RMSNorm: two per layer, one final before an lm_head
  uint32_t attention = 19;      // attention over the KV cache, per layer
  uint32_t activation = 2;      // the gated MLP's activation and product, per layer
  uint32_t residual = 1;        // ops per residual add: two per layer
  uint32_t outside_layers = 2;  // once per step, after the last layer
  uint32_t split_slice = 1;     // per chunk of a split projection
  uint32_t split_join = 1;      // per split projection
};

// A weight matrix streamed `count` times per decoded token, taken as it is
// from a file's tensors (a safetensors header) rather than built from a
// layer's projections.
struct WeightStream {
  std::string name;  // the tensors' name pattern, layer numbers as '*'
  uint64_t cin = 0, cout = 0;
  uint64_t count = 1;
  Dtype dtype = Dtype::kFp16;
};

// One streamed weight op of a compiled program (compiled_program.h), in run
// order, as the decode step runs it.
struct ProgramTask {
  std::string name;   // the op's output variable
  std::string group;  // the first op of its shape and format: the advisor's row, a split's key
  uint64_t cin = 0, cout = 0;
  WeightFormat format;
  uint64_t palette_cin = 0, palette_cout = 0;  // its LUT as a transfer; 0: none
  uint32_t ops_before = 0;                     // ops that stream no weights, run before it
  uint32_t gap_lines = 0;                      // per core: constants laid out before its weights
  bool starts_program = false;                 // the first task of a later program (its own launch)
};

struct ModelDescription {
  std::string source;  // file path, or "<preset NAME>"
  std::string name, display_name;
  double published_parameters = 0;  // the model card's figure
  // `dtype`: the weights' format unless a projection or the lm_head gives
  // its own; element_bytes is its whole bytes per weight (0 for lut4/lut6).
  Dtype dtype = Dtype::kFp16;
  uint32_t element_bytes = 2, layers = 0;
  uint64_t hidden = 0;
  std::vector<Projection> projections;  // per layer
  uint64_t vocab = 0, embedding_dim = 0;
  bool embedding_streamed = false;
  uint64_t lm_head_cin = 0, lm_head_cout = 0;
  uint32_t lm_head_shards = 1;
  Dtype lm_head_dtype = Dtype::kFp16;
  bool lm_head_tied = false, lm_head_streamed = true;
  uint64_t extra_parameters = 0;
  StepOps step_ops;
  // Set (a safetensors header): these are the streamed matrices, instead of
  // the projections and the lm_head; `skipped` names the tensors left out
  // and why.
  std::vector<WeightStream> streams;
  std::vector<std::string> skipped;
  // Set (a compiled program): its weight ops are the step's tasks, with the
  // ops and constants between them as the program states them.
  bool compiled_program = false;
  // What the program reader found worth saying (a split fused back), one line each.
  std::vector<std::string> findings;
  std::vector<ProgramTask> program_tasks;
  uint32_t program_ops_after = 0;

  // layers * sum(cin*cout*count) + vocab*embedding_dim
  // + lm_head_cin*lm_head_cout (unless tied) + layers*2*hidden + hidden
  // + extra_parameters. A double: the products can pass 2^64 for absurd but
  // valid inputs, and the figure is only compared within 2 %. Read from a
  // file's tensors (`streams` set): every tensor's elements, counted there.
  double parameter_count() const;
};

// "Findings:" and one indented line each, printable; "" for none.
std::string findings_text(const std::vector<std::string>& findings);

// Every weight of `m` stored as `d`: the model's, each projection's, the
// lm_head's and each file tensor's dtype (what --dtype and dtype= do).
void set_dtype(ModelDescription& m, Dtype d);

// Reads a model description from `text`; `origin` names it in messages.
// Throws ModelFileError ("origin:line:column: field: what").
ModelDescription parse_model_description(const std::string& text, const std::string& origin);

// The same from a tree built without text (a Python dict, see
// src/anesim/python/python_values.h): messages name "origin: field: what".
ModelDescription parse_model_description_tree(const YAML::Node& root, const std::string& origin);

// Reads the file at `path` (at most 1 MiB). Throws ModelFileError naming it.
ModelDescription load_model_file(const std::string& path);

}  // namespace anesim
