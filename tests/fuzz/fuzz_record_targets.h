// The libFuzzer targets for the decode-step records, the safetensors index
// and split files (tests/fuzz/fuzz_step_records.cpp, fuzz_index.cpp,
// fuzz_split_file.cpp), replayed in the
// main build by tests/reader_hardening_test.cpp. Same contract as
// fuzz_targets.h: the documented exception with a one-line message that
// starts with the input's name, or values within the documented ranges.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <tuple>

#include <anesim/analysis/decode/split_file.h>

#include "tests/fuzz/fuzz_targets.h"

namespace anesim::fuzz {

// A decode-step file: the header is given, the bytes are the columns and
// records. Accepted records are never duplicates by meaning, and a file
// read twice is refused across files.
inline void step_records_one(const uint8_t* data, size_t size) {
  const std::string text =
      "# anesim-trace: 1.1\n# source: fuzz\n# device: none\n# date: 2026-01-01\n# units: ms\n"
      "# timed: one step\n# records: decode-step\n" +
      std::string(reinterpret_cast<const char*>(data), size);
  Trace t;
  try {
    t = parse_trace(text, "fuzz.csv");
  } catch (const TraceError& e) {
    check_message(e.what(), "fuzz.csv");
    return;
  }
  for (const TraceRecord& r : t.records) {
    if (r.kind != RecordKind::kDecodeStep || r.programs < 1 || !(r.median_us > 0)) {
      fuzz_fail("parse_trace accepted an impossible step record", text.substr(0, 200));
    }
  }
  Trace copy = t;
  t.path = "a.csv";
  copy.path = "b.csv";
  try {
    refuse_repeated_records({t, copy});
    fuzz_fail("a step file read twice was not refused", text.substr(0, 200));
  } catch (const TraceError& e) {
    check_message(e.what(), "b.csv");
  }
}

// model.safetensors.index.json: ModelFileError naming the index (its shard
// files do not exist here), never a crash.
inline void index_one(const uint8_t* data, size_t size) {
  // One folder per process under TMPDIR, removed when the process exits.
  struct IndexFolder {
    std::filesystem::path dir =
        std::filesystem::temp_directory_path() / ("anesim-fuzz-index-" + std::to_string(getpid()));
    IndexFolder() { std::filesystem::create_directories(dir); }
    ~IndexFolder() {
      std::error_code ignored;
      std::filesystem::remove_all(dir, ignored);
    }
  };
  static const IndexFolder folder;
  static const std::string path = (folder.dir / "model.safetensors.index.json").string();
  std::ofstream(path, std::ios::binary)
      .write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
  try {
    read_safetensors_index(path);
  } catch (const ModelFileError& e) {
    const std::string msg = e.what();
    if (msg.find('\n') != std::string::npos) {
      fuzz_fail("message spans lines", msg);
    }
  }
}

// A model with three projections and a streamed head, as split files name them.
inline const ModelDescription& split_model() {
  static const ModelDescription m = [] {
    ModelDescription d;
    d.display_name = "fuzz";
    d.layers = 2;
    for (const auto& [name, cin, cout] :
         {std::tuple<const char*, uint64_t, uint64_t>{"q_proj", 2048, 2048},
          {"gate_proj", 2048, 8192},
          {"down_proj", 8192, 2048}}) {
      Projection p;
      p.name = name;
      p.cin = cin;
      p.cout = cout;
      d.projections.push_back(p);
    }
    d.lm_head_cin = 48;
    d.lm_head_cout = 1000;
    return d;
  }();
  return m;
}

// Every accepted chunk count names a splittable transfer, within 1..64 and
// its Cin.
inline void check_split_policy(const SplitPolicy& p, const std::string& text) {
  const ModelDescription& m = split_model();
  for (const auto& [name, n] : p.chunks) {
    uint64_t cin = name == "lm_head" ? m.lm_head_cin : 0;
    for (const Projection& q : m.projections) {
      if (q.name == name) cin = q.cin;
    }
    if (cin == 0 || n < 1 || n > kMaxStepSplit || n > cin) {
      fuzz_fail("an impossible split was accepted", name + " in " + text.substr(0, 200));
    }
  }
}

// The same bytes as a split file (YAML) and as a record's inline text: an
// InputError starting with the input's name, or a policy the model allows.
inline void split_file_one(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    check_split_policy(parse_split_file(text, "fuzz.yaml", split_model()), text);
  } catch (const InputError& e) {
    check_message(e.what(), "fuzz.yaml");
  }
  try {
    check_split_policy(parse_inline_splits(text, split_model(), "fuzz.csv:9: split_policy"), text);
  } catch (const InputError& e) {
    check_message(e.what(), "fuzz.csv:9: split_policy");
  }
}

}  // namespace anesim::fuzz
