// A model description: the weight matrices an LLM streams through the ANE's
// kernel DMA for each decoded token, read from configs/models/NAME.yaml
// (format: docs/model-format.md). The advisor turns each matrix into a
// per-core transfer and asks whether it sits in the 1 MiB notch.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace anesim {

// One linear layer X[1,cin] x W[cin,cout] of a decoder layer; `count` copies
// of it per layer (e.g. experts that all run).
struct Projection {
  std::string name;
  uint64_t cin = 0, cout = 0;
  uint32_t count = 1;
};

// A weight matrix streamed `count` times per decoded token, taken as it is
// from a file's tensors (a safetensors header) rather than built from a
// layer's projections.
struct WeightStream {
  std::string name;  // the tensors' name pattern, layer numbers as '*'
  uint64_t cin = 0, cout = 0;
  uint64_t count = 1;
};

struct ModelDescription {
  std::string source;  // file path, or "<preset NAME>"
  std::string name, display_name;
  double published_parameters = 0;  // the model card's figure
  uint32_t element_bytes = 2, layers = 0;
  uint64_t hidden = 0;
  std::vector<Projection> projections;  // per layer
  uint64_t vocab = 0, embedding_dim = 0;
  bool embedding_streamed = false;
  uint64_t lm_head_cin = 0, lm_head_cout = 0;
  uint32_t lm_head_shards = 1;
  bool lm_head_tied = false, lm_head_streamed = true;
  uint64_t extra_parameters = 0;
  // Set (a safetensors header): these are the streamed matrices, instead of
  // the projections and the lm_head; `skipped` names the tensors left out
  // and why.
  std::vector<WeightStream> streams;
  std::vector<std::string> skipped;

  // layers * sum(cin*cout*count) + vocab*embedding_dim
  // + lm_head_cin*lm_head_cout (unless tied) + layers*2*hidden + hidden
  // + extra_parameters. A double: the products can pass 2^64 for absurd but
  // valid inputs, and the figure is only compared within 2 %.
  double parameter_count() const;
};

// Reads a model description from `text`; `origin` names it in messages.
// Throws ModelFileError ("origin:line:column: field: what").
ModelDescription parse_model_description(const std::string& text, const std::string& origin);

// Reads the file at `path` (at most 1 MiB). Throws ModelFileError naming it.
ModelDescription load_model_file(const std::string& path);

}  // namespace anesim
