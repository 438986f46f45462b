// The libFuzzer targets for the decode-step records and the safetensors
// index (tests/fuzz/fuzz_step_records.cpp, fuzz_index.cpp), replayed in the
// main build by tests/reader_hardening_test.cpp. Same contract as
// fuzz_targets.h: the documented exception with a one-line message that
// starts with the input's name, or values within the documented ranges.
#pragma once

#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <string>

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
  static const std::string path =
      "/tmp/anesim-fuzz-index-" + std::to_string(getpid()) + "/model.safetensors.index.json";
  static const bool made =
      std::system(("mkdir -p /tmp/anesim-fuzz-index-" + std::to_string(getpid())).c_str()) == 0;
  if (!made) {
    fuzz_fail("cannot make the index folder", path);
  }
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

}  // namespace anesim::fuzz
