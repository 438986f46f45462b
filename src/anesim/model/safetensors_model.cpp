#include <anesim/model/safetensors_model.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <string_view>
#include <tuple>

#include <fmt/format.h>

#include <anesim/io/errors.h>
#include <anesim/io/text_functions.h>
#include <anesim/model/hf_config_reader.h>
#include <anesim/model/weight_format.h>

namespace anesim {

namespace {

bool all_digits(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) {
    return std::isdigit(static_cast<unsigned char>(c)) != 0;
  });
}

bool is_embedding(const std::string& name) {
  return ends_with(name, "embed_tokens.weight") || ends_with(name, "wte.weight") ||
         ends_with(name, "word_embeddings.weight");
}

bool is_lm_head(const std::string& name) { return name == "lm_head.weight"; }

std::string shape_text(const std::vector<uint64_t>& shape) {
  std::string out;
  for (uint64_t d : shape) {
    out += fmt::format("{}{}", out.empty() ? "" : " x ", d);
  }
  return out.empty() ? "scalar" : out;
}

// Tensors of one pattern, dtype and shape, and how many there are.
struct Group {
  std::string pattern, dtype;
  std::vector<uint64_t> shape;
  uint64_t count = 0;
};

std::vector<Group> group_tensors(const std::vector<SafetensorsTensor>& tensors) {
  std::map<std::tuple<std::string, std::string, std::vector<uint64_t>>, uint64_t> counts;
  for (const SafetensorsTensor& t : tensors) {
    ++counts[{layer_pattern(t.name), t.dtype, t.shape}];
  }
  std::vector<Group> out;
  for (const auto& [key, n] : counts) {
    out.push_back(Group{std::get<0>(key), std::get<1>(key), std::get<2>(key), n});
  }
  return out;
}

// The decoder layers: distinct numbers after "layers." in the names.
uint32_t layer_count(const std::vector<SafetensorsTensor>& tensors) {
  std::set<std::string> layers;
  for (const SafetensorsTensor& t : tensors) {
    const size_t at = t.name.find("layers.");
    if (at != std::string::npos) {
      const size_t from = at + 7, to = t.name.find('.', from);
      const std::string n = t.name.substr(from, to == std::string::npos ? to : to - from);
      if (all_digits(n)) layers.insert(n);
    }
  }
  return static_cast<uint32_t>(std::min<size_t>(layers.size(), UINT32_MAX));
}

// `total` rows as `parts` near-equal shards, larger first (ANEMLL's cut).
std::vector<uint64_t> split_rows(uint64_t total, uint64_t parts) {
  std::vector<uint64_t> out;
  for (uint64_t i = 0; i < parts; ++i) {
    out.push_back(total / parts + (i < total % parts ? 1 : 0));
  }
  return out;
}

}  // namespace

std::string layer_pattern(const std::string& tensor_name) {
  // One scan, no list of parts: called once per tensor of the header.
  const std::string_view name(tensor_name);
  std::string out;
  out.reserve(name.size());
  for (size_t from = 0;;) {
    const size_t dot = std::min(name.find('.', from), name.size());
    const std::string_view part = name.substr(from, dot - from);
    if (!out.empty()) out += '.';
    if (all_digits(part)) {
      out += '*';
    } else {
      out += part;
    }
    if (dot == name.size()) return out;
    from = dot + 1;
  }
}

ModelDescription model_from_tensors(const std::vector<SafetensorsTensor>& tensors,
                                    const std::string& origin, uint32_t lm_head_shards) {
  namespace fs = std::filesystem;
  ModelDescription m;
  m.source = origin;
  m.display_name = fs::path(origin).filename().string();
  m.name = m.display_name;
  m.element_bytes = 2;
  m.layers = layer_count(tensors);
  uint64_t one_d = 0;
  const Group* embedding = nullptr;
  bool lm_head = false;
  const std::vector<Group> groups = group_tensors(tensors);
  for (const Group& g : groups) {
    const std::string what = fmt::format("{} ({} x {}, {})", g.pattern, g.count,
                                         shape_text(g.shape), printable(g.dtype, 20));
    if (g.shape.size() < 2) {
      one_d += g.count;
    } else if (g.shape.size() > 2) {
      m.skipped.push_back(what + ": not a 2-D matrix (a linear layer's weight is 2-D)");
    } else if (!dtype_of_safetensors(g.dtype)) {
      m.skipped.push_back(what + ": dtype " + printable(g.dtype, 20) + ", not " +
                          safetensors_dtype_list() + " (weight formats the ANE streams)");
    } else if (g.shape[0] == 0 || g.shape[1] == 0) {
      m.skipped.push_back(what + ": empty");
    } else if (is_embedding(g.pattern)) {
      embedding = &g;
      m.vocab = g.shape[0];
      m.embedding_dim = g.shape[1];
      m.skipped.push_back(what + ": the embedding, a lookup of one row per token");
    } else if (is_lm_head(g.pattern)) {
      lm_head = true;
      // PyTorch keeps a linear layer's weight as [out, in] = [N, D].
      const uint64_t rows = g.shape[0];
      for (uint64_t r : split_rows(rows, std::min<uint64_t>(lm_head_shards, rows))) {
        if (!m.streams.empty() && m.streams.back().name == g.pattern &&
            m.streams.back().cout == r) {
          ++m.streams.back().count;
        } else {
          m.streams.push_back(
              WeightStream{g.pattern, g.shape[1], r, 1, *dtype_of_safetensors(g.dtype)});
        }
      }
    } else {
      m.streams.push_back(
          WeightStream{g.pattern, g.shape[1], g.shape[0], g.count, *dtype_of_safetensors(g.dtype)});
    }
  }
  if (!lm_head && embedding != nullptr) {
    // Tied: the converter streams the embedding's matrix as the head.
    for (uint64_t r : split_rows(m.vocab, std::min<uint64_t>(lm_head_shards, m.vocab))) {
      if (!m.streams.empty() && m.streams.back().name == "lm_head (tied)" &&
          m.streams.back().cout == r) {
        ++m.streams.back().count;
      } else {
        m.streams.push_back(WeightStream{"lm_head (tied)", m.embedding_dim, r, 1,
                                         *dtype_of_safetensors(embedding->dtype)});
      }
    }
    m.lm_head_tied = true;
  }
  if (one_d != 0) {
    m.skipped.push_back(
        fmt::format("{} 1-D tensors (norms, biases): not kernel-DMA weight streams", one_d));
  }
  if (m.streams.empty()) {
    throw ModelFileError(
        fmt::format("{}: no 2-D tensor of a streamed dtype ({} tensors)", origin, tensors.size()));
  }
  m.hidden = m.embedding_dim;
  m.lm_head_shards = lm_head_shards;
  double params = 0;
  for (const SafetensorsTensor& t : tensors) {
    double n = 1;
    for (uint64_t d : t.shape) n *= static_cast<double>(d);
    params += n;
  }
  m.published_parameters = params;
  return m;
}

ModelDescription load_safetensors_model(const std::string& path) {
  namespace fs = std::filesystem;
  const bool index = ends_with(path, ".index.json");
  const std::vector<SafetensorsTensor> tensors =
      index ? read_safetensors_index(path) : read_safetensors_header(path);
  const fs::path config = fs::absolute(fs::path(path)).parent_path() / "config.json";
  const uint32_t shards = anemll_lm_head_shards(hf_model_type(config.string()));
  return model_from_tensors(tensors, path, shards == 0 ? 1 : shards);
}

}  // namespace anesim
