// Replays every fuzz seed (tests/fuzz/corpus/<target>/) and every kept
// finding (tests/fuzz/regressions/<target>/) through the fuzz targets'
// contracts (tests/fuzz/fuzz_targets.h), in the main build, on every test
// run: a fixed finding stays fixed without clang or libFuzzer.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>
#include <vector>

#include "test_support.h"
#include "tests/fuzz/fuzz_derived_targets.h"
#include "tests/fuzz/fuzz_targets.h"

namespace anesim {
namespace {

namespace fs = std::filesystem;

std::vector<fs::path> inputs_of(const std::string& target) {
  std::vector<fs::path> files;
  for (const char* dir : {"corpus", "regressions"}) {
    const fs::path d = fs::path(ANESIM_SOURCE_DIR) / "tests" / "fuzz" / dir / target;
    if (!fs::is_directory(d)) {
      continue;
    }
    for (const auto& e : fs::directory_iterator(d)) {
      if (e.is_regular_file()) {
        files.push_back(e.path());
      }
    }
  }
  return files;
}

std::string bytes_of(const fs::path& p) { return test::slurp(p.string()); }

template <typename Fn>
size_t replay(const std::string& target, Fn fn) {
  size_t n = 0;
  for (const fs::path& p : inputs_of(target)) {
    INFO(p.string());
    const std::string data = bytes_of(p);
    // fuzz_fail() aborts: the test then fails with the message above.
    fn(reinterpret_cast<const uint8_t*>(data.data()), data.size());
    ++n;
  }
  return n;
}

TEST_CASE("fuzz seeds and kept findings: config reader", "[fuzz][config]") {
  CHECK(replay("config", fuzz::config_one) >= 1);
}

TEST_CASE("fuzz seeds and kept findings: count parser", "[fuzz][cli]") {
  CHECK(replay("count", fuzz::count_one) >= 1);
}

TEST_CASE("fuzz seeds and kept findings: trace reader", "[fuzz][trace]") {
  CHECK(replay("trace", fuzz::trace_one) >= 1);
}

TEST_CASE("fuzz seeds and kept findings: safetensors header reader", "[fuzz][model]") {
  CHECK(replay("safetensors", fuzz::safetensors_one) >= 1);
}

TEST_CASE("fuzz seeds and kept findings: config.json reader", "[fuzz][model]") {
  CHECK(replay("hf_config", fuzz::hf_config_one) >= 1);
}

TEST_CASE("fuzz seeds and kept findings: MIL program reader", "[fuzz][model]") {
  CHECK(replay("mil", fuzz::mil_one) >= 1);
}

TEST_CASE("fuzz seeds and kept findings: blob descriptor check", "[fuzz][model]") {
  CHECK(replay("blob", fuzz::blob_one) >= 1);
}

TEST_CASE("fuzz seeds and kept findings: timing table reader", "[fuzz][tables]") {
  CHECK(replay("table", fuzz::table_one) >= 2);
}

TEST_CASE("fuzz seeds and kept findings: cache entry reader", "[fuzz][tables]") {
  CHECK(replay("cache_entry", fuzz::cache_entry_one) >= 2);
}

}  // namespace
}  // namespace anesim
