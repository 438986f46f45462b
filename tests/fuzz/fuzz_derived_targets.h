// The libFuzzer targets for derived data: a timing table and a cache entry
// (tests/fuzz/fuzz_table.cpp, fuzz_cache_entry.cpp), replayed in the main
// build by tests/fuzz_replay_test.cpp. Same contract as fuzz_targets.h: a
// table is refused with InputError or ConfigError naming its file on one
// line, or every answer it gives is a positive, finite time; a cache entry
// is refused, or its time is positive, finite and within the memory's peak.
#pragma once

#include <cmath>
#include <string>
#include <vector>

#include <anesim/analysis/batch/point_request.h>
#include <anesim/analysis/tables/cache_entry.h>
#include <anesim/analysis/tables/timing_table.h>
#include <anesim/io/json.h>
#include <anesim/machine/builtin_config.h>

#include "tests/fuzz/fuzz_targets.h"

namespace anesim::fuzz {

inline const MachineConfig& fuzz_machine() {
  static const MachineConfig cfg = parse_config(kBuiltinConfigYaml, "<built-in m3-air>");
  return cfg;
}

inline void table_one(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  TimingTable t;
  try {
    t = parse_timing_table(text, "fuzz.table.json");
    check_table_physics(t, fuzz_machine(), "fuzz.table.json");
  } catch (const InputError& e) {
    check_message(e.what(), "fuzz.table.json");
    return;
  } catch (const ConfigError& e) {
    check_message(e.what(), "fuzz.table.json");
    return;
  }
  // A table that passed answers only with positive, finite times, in each
  // part (the kernel DMA alone and every drain rate).
  std::vector<const TimingTable*> parts{&t};
  for (const TimingTable& d : t.drained) {
    if (t.for_drain(d.drain_cycles_per_line) == nullptr) fuzz_fail("a drained part not found", "");
    parts.push_back(&d);
  }
  for (const TimingTable* part : parts) {
    for (uint64_t lines : {uint64_t{1}, uint64_t{100}, uint64_t{16384}, uint64_t{16385},
                           uint64_t{32767}, t.max_lines}) {
      for (RingVariant v : {RingVariant::kFix, t.chip}) {
        const std::optional<double> us = part->single(v, lines);
        if (us && (!std::isfinite(*us) || *us <= 0)) {
          fuzz_fail("a checked table gave an impossible time", std::to_string(*us));
        }
      }
      (void)part->affected(lines);
    }
  }
}

inline void cache_entry_one(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  // The point is the entry's own (as the cache looks one up by it).
  const Json j = Json::parse(text, nullptr, false);
  if (!j.is_object() || !j.contains("point") || !j["point"].is_string()) return;
  const std::string point = j["point"].get<std::string>();
  SimPoint p;
  try {
    p = parse_point_request(point);
  } catch (const InputError&) {
    return;
  }
  SimPointResult r;
  if (!parse_cache_entry(text, point, p, fuzz_machine(), r)) return;
  if (!std::isfinite(r.time_us) || r.time_us <= 0 || !std::isfinite(r.gbps) ||
      r.gbps > fuzz_machine().peak_gbps() * 1.01) {
    fuzz_fail("an impossible cache entry was accepted", text.substr(0, 200));
  }
}

}  // namespace anesim::fuzz
