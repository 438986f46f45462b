#include <anesim/model/model_transfers.h>

#include <algorithm>

#include <sim/ring/geometry.h>

namespace anesim {

namespace {

uint64_t ceil_div(uint64_t a, uint64_t b) { return a / b + (a % b != 0 ? 1 : 0); }

// a * b, or 0 when it does not fit 64 bits.
uint64_t product(uint64_t a, uint64_t b) { return b != 0 && a > UINT64_MAX / b ? 0 : a * b; }

// Bytes per core of `weights_per_core` weights of `bits` each: whole bytes.
uint64_t stored_bytes(uint64_t weights_per_core, uint32_t bits) {
  if (weights_per_core == 0) return 0;
  const uint64_t total_bits = product(weights_per_core, bits);
  return total_bits == 0 ? 0 : ceil_div(total_bits, 8);
}

uint64_t lines_of(uint64_t bytes) {
  const uint64_t lines = ceil_div(bytes, kLineBytes);
  return lines > UINT32_MAX ? 0 : lines;
}

}  // namespace

uint64_t payload_bytes_per_core(uint64_t cin, uint64_t cout, uint32_t element_bytes) {
  return product(product(ceil_div(cout, 16), element_bytes), cin);
}

uint64_t payload_lines(uint64_t cin, uint64_t cout, uint32_t element_bytes) {
  return lines_of(payload_bytes_per_core(cin, cout, element_bytes));
}

uint64_t payload_bytes_per_core(uint64_t cin, uint64_t cout, const WeightFormat& f) {
  const uint64_t groups = f.groups == 0 ? 1 : f.groups;
  const uint64_t per_output = product(cin / groups, uint64_t{f.kh} * f.kw);
  return stored_bytes(product(ceil_div(cout, 16), per_output), dtype_bits(f.dtype));
}

uint64_t payload_lines(uint64_t cin, uint64_t cout, const WeightFormat& f) {
  return lines_of(payload_bytes_per_core(cin, cout, f));
}

std::vector<uint64_t> split_input_channels(uint64_t cin, const WeightFormat& f, uint32_t chunks) {
  const uint64_t groups = f.groups == 0 ? 1 : f.groups;
  std::vector<uint64_t> out = split_channels(cin / groups, chunks);
  for (uint64_t& c : out) c *= groups;
  return out;
}

double stored_bytes(const Transfer& t) {
  const WeightFormat& f = t.format;
  const double groups = f.groups == 0 ? 1.0 : f.groups;
  return static_cast<double>(t.count) * static_cast<double>(t.cout) *
         (static_cast<double>(t.cin) / groups) * f.kh * f.kw * dtype_bits(f.dtype) / 8.0;
}

std::optional<Transfer> palette_transfer(const Transfer& weights) {
  const uint32_t entries = palette_entries(weights.format.dtype);
  if (entries == 0) return std::nullopt;
  Transfer p;
  p.name = weights.name + ".palette";
  p.cin = entries;
  p.cout = ceil_div(weights.cout, kPaletteGroupChannels);
  p.count = weights.count;
  p.format.dtype = Dtype::kFp16;
  return p;
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

namespace {

// Each LUT-format transfer followed by its palette.
std::vector<Transfer> with_palettes(const std::vector<Transfer>& transfers) {
  std::vector<Transfer> out;
  for (const Transfer& t : transfers) {
    out.push_back(t);
    if (const std::optional<Transfer> p = palette_transfer(t)) out.push_back(*p);
  }
  return out;
}

}  // namespace

std::vector<Transfer> model_transfers(const ModelDescription& m,
                                      std::vector<std::string>* left_out) {
  std::vector<Transfer> out;
  if (m.compiled_program) {
    // A compiled program: each group of ops of one shape and format once,
    // its palette as the program stores it.
    std::vector<size_t> row_of_task;
    for (const ProgramTask& t : m.program_tasks) {
      const auto same = std::find_if(out.begin(), out.end(),
                                     [&](const Transfer& x) { return x.name == t.group; });
      if (same != out.end()) {
        ++same->count;
        if (t.palette_cin > 0) ++(same + 1)->count;
        continue;
      }
      out.push_back(Transfer{t.group, t.cin, t.cout, 1, t.format});
      if (t.palette_cin > 0) {
        out.push_back(Transfer{t.group + ".palette", t.palette_cin, t.palette_cout, 1, {}});
      }
    }
    if (left_out != nullptr) {
      *left_out = {"embedding lookups (gather: one row per token)",
                   "scales, zero points, norm weights and other constants (laid out between the "
                   "tasks, not streamed as weight tasks)"};
    }
    return out;
  }
  if (!m.streams.empty()) {
    // Tensors read from a file: streamed as they are, nothing else added.
    for (const WeightStream& w : m.streams) {
      out.push_back(Transfer{w.name, w.cin, w.cout, w.count, WeightFormat{w.dtype}});
    }
    if (left_out != nullptr) {
      *left_out = m.skipped;
      left_out->push_back("attention over the KV cache (activations, not weights)");
    }
    return with_palettes(out);
  }
  for (const Projection& p : m.projections) {
    out.push_back(Transfer{p.name, p.cin, p.cout, uint64_t{m.layers} * p.count, p.format});
  }
  std::vector<std::string> skipped;
  if (m.lm_head_streamed) {
    // Shards as ANEMLL cuts them: near-equal, the remainder on the first ones.
    for (uint64_t rows : split_channels(m.lm_head_cout, m.lm_head_shards)) {
      if (!out.empty() && out.back().name == "lm_head" && out.back().cout == rows) {
        ++out.back().count;
      } else {
        out.push_back(Transfer{"lm_head", m.lm_head_cin, rows, 1, WeightFormat{m.lm_head_dtype}});
      }
    }
  } else {
    skipped.push_back("lm_head (none, or lm_head.streamed is false)");
  }
  if (m.embedding_streamed) {
    out.push_back(Transfer{"embedding", m.embedding_dim, m.vocab, 1, WeightFormat{m.dtype}});
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
  return with_palettes(out);
}

}  // namespace anesim
