// The bodies of the libFuzzer targets (tests/fuzz/fuzz_*.cpp), shared with
// the main build's replay test (tests/fuzz_replay_test.cpp), which runs every
// seed and every kept crash input through them. Each checks the reader's
// contract: on bad input, exactly the documented exception with a one-line
// message starting with the input's name; on good input, values within the
// documented ranges. A broken contract calls fuzz_fail(), which aborts (a
// finding for libFuzzer; a failed test in the replay).
#pragma once

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include <algorithm>
#include <vector>

#include <anesim/analysis/trace/trace_format.h>
#include <anesim/io/count_text.h>
#include <anesim/machine/machine_config_reader.h>
#include <anesim/model/blob_file.h>
#include <anesim/model/compiled_program.h>
#include <anesim/model/hf_config_reader.h>
#include <anesim/model/model_transfers.h>
#include <anesim/model/safetensors_header.h>
#include <anesim/model/safetensors_model.h>
#include <sim/base/bit_math.h>
#include <sim/ring/geometry.h>

namespace anesim::fuzz {

[[noreturn]] inline void fuzz_fail(const char* what, const std::string& detail) {
  std::fprintf(stderr, "fuzz contract broken: %s: %s\n", what, detail.c_str());
  std::abort();
}

inline void check_message(const std::string& msg, const std::string& prefix) {
  if (msg.rfind(prefix, 0) != 0) {
    fuzz_fail("message does not start with the input's name", msg);
  }
  if (msg.find('\n') != std::string::npos) {
    fuzz_fail("message spans lines", msg);
  }
}

// parse_config: ConfigError or a config within the reader's ranges.
inline void config_one(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  MachineConfig c;
  try {
    c = parse_config(text, "fuzz.yaml");
  } catch (const ConfigError& e) {
    check_message(e.what(), "fuzz.yaml");
    return;
  }
  const bool ok = c.dram.clock_mhz >= 1 && c.dram.clock_mhz <= 100000 && is_pow2(c.dram.channels) &&
                  is_pow2(c.dram.banks) && is_pow2(c.dram.row_bytes) &&
                  c.dram.row_bytes >= kLineBytes && c.dram.channel_bytes_per_cycle > 0 &&
                  c.dram.queue_depth > 0 && c.dram.t.rl > 0 && c.dram.t.burst > 0 &&
                  c.dram.t.rfc > 0 && (c.dram.t.refi == 0 || c.dram.t.rfc < c.dram.t.refi) &&
                  c.fabric.credits_per_core > 0 && c.fabric.port_cycles_per_line > 0 &&
                  c.ane.cores >= 1 && c.ane.cores <= 16 && c.ane.kmem_lines == 1024 &&
                  c.power.start_clock_mhz > 0 && c.power.start_clock_mhz <= c.dram.clock_mhz &&
                  c.sim.max_cycles > 0 && c.sim.quantum_cycles > 0;
  if (!ok) {
    fuzz_fail("parse_config accepted an impossible machine", text.substr(0, 200));
  }
}

// parse_count: the first byte picks the bounds, the rest is the text.
inline void count_one(const uint8_t* data, size_t size) {
  if (size == 0) {
    return;
  }
  static constexpr uint64_t kBounds[][2] = {{1, UINT32_MAX}, {1, 16},         {0, UINT32_MAX},
                                            {1, 10000000},   {0, UINT64_MAX}, {5, 5}};
  const auto& b = kBounds[data[0] % (sizeof kBounds / sizeof kBounds[0])];
  const std::string text(reinterpret_cast<const char*>(data + 1), size - 1);
  // Reference: the accepted syntax, evaluated with 128-bit arithmetic.
  const bool hex = text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X');
  const std::string digits = hex ? text.substr(2) : text;
  bool syntax =
      !digits.empty() &&
      digits.find_first_not_of(hex ? "0123456789abcdefABCDEF" : "0123456789") == std::string::npos;
  __extension__ unsigned __int128 ref =
      0;  // a GCC/clang extension, on purpose: wider than any count
  bool big = false;
  for (char ch : syntax ? digits : std::string()) {
    const unsigned d = ch <= '9' ? ch - '0' : (ch | 0x20) - 'a' + 10;
    ref = ref * (hex ? 16 : 10) + d;
    if (ref > UINT64_MAX) {
      big = true;
      break;
    }
  }
  const bool expect_ok = syntax && !big && ref >= b[0] && ref <= b[1];
  uint64_t got = 0;
  try {
    got = parse_count(text, "--opt", b[0], b[1]);
  } catch (const UsageError& e) {
    check_message(e.what(), "--opt: ");
    if (expect_ok) {
      fuzz_fail("parse_count refused a valid count", text);
    }
    return;
  }
  if (!expect_ok || got != static_cast<uint64_t>(ref)) {
    fuzz_fail("parse_count accepted a bad count or misread it", text);
  }
}

// parse_trace: TraceError, or a trace that survives format_trace and reads
// back with the same records.
inline void trace_one(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  Trace t;
  try {
    t = parse_trace(text, "fuzz.csv");
  } catch (const TraceError& e) {
    check_message(e.what(), "fuzz.csv");
    return;
  }
  for (const TraceRecord& r : t.records) {
    if (r.cores < 1 || r.lines_per_core == 0 || r.split == 0 || r.split > r.lines_per_core ||
        !(r.median_us > 0) || !std::isfinite(r.median_us)) {
      fuzz_fail("parse_trace accepted an impossible record", text.substr(0, 200));
    }
  }
  Trace back;
  try {
    back = parse_trace(format_trace(t), "fuzz-rt.csv");
  } catch (const TraceError& e) {
    fuzz_fail("format_trace wrote what parse_trace refuses", e.what());
  }
  if (back.records.size() != t.records.size()) {
    fuzz_fail("format_trace lost records", text.substr(0, 200));
  }
}

// parse_safetensors_header: ModelFileError, or tensors inside the data
// section, sized by shape and dtype, none overlapping; their model is a
// ModelFileError or has streams.
inline void safetensors_one(const uint8_t* data, size_t size) {
  const std::string bytes(reinterpret_cast<const char*>(data), size);
  std::vector<SafetensorsTensor> tensors;
  try {
    tensors = parse_safetensors_header(bytes, size, "fuzz.safetensors");
  } catch (const ModelFileError& e) {
    check_message(e.what(), "fuzz.safetensors: ");
    return;
  }
  uint64_t n = 0;
  for (int i = 7; i >= 0; --i) n = (n << 8) | data[i];
  const uint64_t data_bytes = size - 8 - n;
  std::vector<SafetensorsTensor> by_begin = tensors;
  std::sort(
      by_begin.begin(), by_begin.end(),
      [](const SafetensorsTensor& a, const SafetensorsTensor& b) { return a.begin < b.begin; });
  for (size_t i = 0; i < by_begin.size(); ++i) {
    const SafetensorsTensor& t = by_begin[i];
    if (t.begin > t.end || t.end > data_bytes || (i > 0 && t.begin < by_begin[i - 1].end)) {
      fuzz_fail("parse_safetensors_header accepted a bad range", t.name);
    }
    uint64_t elements = 1;
    for (uint64_t d : t.shape) elements *= d;  // checked for overflow by the reader
    const uint32_t eb = safetensors_dtype_bytes(t.dtype);
    if (eb != 0 && elements * eb != t.end - t.begin) {
      fuzz_fail("parse_safetensors_header accepted a size mismatch", t.name);
    }
  }
  try {
    const ModelDescription m = model_from_tensors(tensors, "fuzz.safetensors", 1 + data[0] % 16);
    if (m.streams.empty()) {
      fuzz_fail("model_from_tensors gave a model with nothing to stream", "");
    }
    for (const WeightStream& w : m.streams) {
      if (w.cin == 0 || w.cout == 0 || w.count == 0) {
        fuzz_fail("model_from_tensors gave an empty stream", w.name);
      }
    }
  } catch (const ModelFileError& e) {
    check_message(e.what(), "fuzz.safetensors: ");
  }
}

// parse_hf_config: ModelFileError, or a model with every projection sized.
inline void hf_config_one(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  ModelDescription m;
  try {
    m = parse_hf_config(text, "fuzz/config.json");
  } catch (const ModelFileError& e) {
    check_message(e.what(), "fuzz/config.json");
    return;
  }
  if (m.layers < 1 || m.hidden < 1 || m.projections.size() != 7 || m.lm_head_shards < 1 ||
      m.lm_head_shards > m.lm_head_cout) {
    fuzz_fail("parse_hf_config accepted an impossible model", text.substr(0, 200));
  }
  for (const Projection& p : m.projections) {
    if (p.cin == 0 || p.cout == 0) {
      fuzz_fail("parse_hf_config gave an empty projection", p.name);
    }
  }
}

// MIL program text (compiled_program.h), read without weight files: an
// error names the input with a position; a program read has, for every
// streamed weight op, the lines the payload rule gives, and its step's tasks
// are those ops in order.
inline void mil_one(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  CompiledProgram p;
  try {
    p = read_program_text(text, "fuzz.mil");
  } catch (const ModelFileError& e) {
    check_message(e.what(), "fuzz.mil");
    return;
  }
  size_t streamed = 0;
  for (const ProgramFunction& f : p.functions) {
    for (const ProgramWeightOp& w : f.weight_ops) {
      if (w.cin == 0 || w.cout == 0) fuzz_fail("a weight op of no channels", w.name);
      if (w.lines_per_core != payload_lines(w.cin, w.cout, w.format)) {
        fuzz_fail("lines per core differ from the payload rule", w.name);
      }
      if (w.streamed && w.lines_per_core == 0) fuzz_fail("a streamed op of 0 lines", w.name);
    }
  }
  ModelDescription m;
  try {
    m = program_model(p);
  } catch (const ModelFileError& e) {
    check_message(e.what(), "fuzz.mil");
    return;
  }
  // Every task is a streamed weight op of the program, with its shape.
  for (const ProgramTask& t : m.program_tasks) {
    bool found = false;
    for (const ProgramFunction& f : p.functions) {
      for (const ProgramWeightOp& w : f.weight_ops) {
        found = found || (w.streamed && w.name == t.name && w.cin == t.cin && w.cout == t.cout);
      }
    }
    if (!found) fuzz_fail("a task that is no streamed weight op", t.name);
    ++streamed;
  }
  if (streamed != m.program_tasks.size()) fuzz_fail("tasks lost", "");
}

// A blob descriptor's 64 bytes with the offset, file size, element count
// and type it is checked against: never a problem missed, never a crash.
inline void blob_one(const uint8_t* data, size_t size) {
  if (size < kBlobDescriptorBytes + 24 + 1) return;
  const BlobDescriptor d = decode_blob_descriptor(data);
  uint64_t v[3] = {0, 0, 0};
  for (int i = 0; i < 3; ++i) {
    for (int b = 7; b >= 0; --b) v[i] = (v[i] << 8) | data[kBlobDescriptorBytes + 8 * i + b];
  }
  const uint64_t offset = v[0], file_size = v[1], elements = v[2];
  const std::string dtype = blob_data_type_name(1 + data[kBlobDescriptorBytes + 24] % 17).value();
  const std::string problem = blob_descriptor_problem(d, offset, file_size, dtype, elements);
  const bool fits = d.data_offset >= offset && d.data_offset - offset >= kBlobDescriptorBytes &&
                    d.data_offset <= file_size && file_size - d.data_offset >= d.size_bytes;
  if (problem.empty() && (d.sentinel != kBlobSentinel || !fits ||
                          d.size_bytes != stored_bytes_of(elements, mil_dtype_bits(dtype)))) {
    fuzz_fail("blob_descriptor_problem accepted a bad descriptor", dtype);
  }
  if (problem.find('\n') != std::string::npos) fuzz_fail("a message of several lines", problem);
}

}  // namespace anesim::fuzz
