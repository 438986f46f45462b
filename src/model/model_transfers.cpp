#include <anesim/model/model_transfers.h>

#include <anesim/sim/ring/geometry.h>

namespace anesim {

uint64_t payload_bytes_per_core(uint64_t cin, uint64_t cout, uint32_t element_bytes) {
  const uint64_t per_core_cout = cout / 16 + (cout % 16 != 0 ? 1 : 0);
  if (element_bytes != 0 && per_core_cout > UINT64_MAX / element_bytes) return 0;
  const uint64_t per_row = per_core_cout * element_bytes;
  if (per_row != 0 && cin > UINT64_MAX / per_row) return 0;
  return per_row * cin;
}

uint64_t payload_lines(uint64_t cin, uint64_t cout, uint32_t element_bytes) {
  const uint64_t bytes = payload_bytes_per_core(cin, cout, element_bytes);
  const uint64_t lines = bytes / kLineBytes + (bytes % kLineBytes != 0 ? 1 : 0);
  return lines > UINT32_MAX ? 0 : lines;
}

std::vector<uint64_t> split_channels(uint64_t cin, uint32_t chunks) {
  std::vector<uint64_t> out;
  if (chunks == 0 || chunks > cin) return out;
  const uint64_t base = cin / chunks, larger = cin % chunks;
  for (uint32_t i = 0; i < chunks; ++i) {
    out.push_back(base + (i < larger ? 1 : 0));
  }
  return out;
}

std::vector<Transfer> model_transfers(const ModelDescription& m,
                                      std::vector<std::string>* left_out) {
  std::vector<Transfer> out;
  if (!m.streams.empty()) {
    // Tensors read from a file: streamed as they are, nothing else added.
    for (const WeightStream& w : m.streams) {
      out.push_back(Transfer{w.name, w.cin, w.cout, w.count});
    }
    if (left_out != nullptr) {
      *left_out = m.skipped;
      left_out->push_back("attention over the KV cache (activations, not weights)");
    }
    return out;
  }
  for (const Projection& p : m.projections) {
    out.push_back(Transfer{p.name, p.cin, p.cout, uint64_t{m.layers} * p.count});
  }
  std::vector<std::string> skipped;
  if (m.lm_head_streamed) {
    // Shards as ANEMLL cuts them: near-equal, the remainder on the first ones.
    for (uint64_t rows : split_channels(m.lm_head_cout, m.lm_head_shards)) {
      if (!out.empty() && out.back().name == "lm_head" && out.back().cout == rows) {
        ++out.back().count;
      } else {
        out.push_back(Transfer{"lm_head", m.lm_head_cin, rows, 1});
      }
    }
  } else {
    skipped.push_back("lm_head (none, or lm_head.streamed is false)");
  }
  if (m.embedding_streamed) {
    out.push_back(Transfer{"embedding", m.embedding_dim, m.vocab, 1});
  } else {
    skipped.push_back("embedding (a lookup of one row per token)");
  }
  skipped.push_back(
      "RMSNorm weights, biases and other extra_parameters (not kernel-DMA weight "
      "streams)");
  skipped.push_back(
      "attention over the KV cache, norms and activations as data (they cost a per-op "
      "overhead in the decode step, not a transfer)");
  if (left_out != nullptr) *left_out = skipped;
  return out;
}

}  // namespace anesim
