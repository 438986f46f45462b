// The source layout's rules (docs/architecture.md), checked on the tree:
// - one include root: every project header is included as <anesim/...>,
//   never as "src/..." or "sim/...";
// - sim/ (the model) includes nothing from src/;
// - src/io/ and src/config/ are the bottom of src/, and src/analysis/ never
//   includes src/cli/;
// - every file of src/analysis/ sits in a feature folder;
// - the config library does not link the Verilated rings, and nothing under
//   sim/ is built only for the benchmark;
// - no source file in src/, sim/, tests/ or examples/ is over 350 lines;
// - a ring variant's name is spelled as a string literal only in the table
//   (sim/ring_variants.def);
// - no JSON key is written by hand inside a C++ string (JSON goes through
//   nlohmann-json).
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include <anesim/sim/ring_variant.h>
#include "test_support.h"

namespace anesim {
namespace {

namespace fs = std::filesystem;

const fs::path kRoot = ANESIM_SOURCE_DIR;

// Every C++ source and header under `dir` (relative to the repository).
std::vector<fs::path> sources_under(const std::string& dir) {
  std::vector<fs::path> files;
  for (const auto& e : fs::recursive_directory_iterator(kRoot / dir)) {
    const std::string ext = e.path().extension().string();
    if (e.is_regular_file() && (ext == ".cpp" || ext == ".h" || ext == ".in" || ext == ".def")) {
      files.push_back(e.path());
    }
  }
  REQUIRE_FALSE(files.empty());
  return files;
}

std::string repo_path(const fs::path& p) { return fs::relative(p, kRoot).string(); }

// The project headers a file includes, below the include root ("io/errors.h"
// for <anesim/io/errors.h>).
std::vector<std::string> project_includes(const fs::path& file) {
  static const std::regex include_line(R"re(^\s*#include\s+<anesim/([^>]+)>)re");
  std::vector<std::string> out;
  std::istringstream in(test::slurp(file.string()));
  for (std::string line; std::getline(in, line);) {
    std::smatch m;
    if (std::regex_search(line, m, include_line)) {
      out.push_back(m[1]);
    }
  }
  return out;
}

bool starts_with(const std::string& s, const std::string& prefix) {
  return s.rfind(prefix, 0) == 0;
}

TEST_CASE("layout: every project header is included from the one root", "[layout]") {
  static const std::regex tree_path(R"re(^\s*#include\s+"(src|sim)/)re");
  for (const char* dir : {"src", "sim", "tests", "examples"}) {
    for (const fs::path& f : sources_under(dir)) {
      std::istringstream in(test::slurp(f.string()));
      int n = 0;
      for (std::string line; std::getline(in, line);) {
        ++n;
        INFO(repo_path(f) << ":" << n << ": " << line);
        CHECK_FALSE(std::regex_search(line, tree_path));
      }
    }
  }
}

TEST_CASE("layout: sim/ includes nothing from src/", "[layout]") {
  for (const fs::path& f : sources_under("sim")) {
    for (const std::string& inc : project_includes(f)) {
      INFO(repo_path(f) << " includes " << inc);
      CHECK((starts_with(inc, "sim/") || starts_with(inc, "generated/")));
    }
  }
}

TEST_CASE("layout: every file of src/analysis/ sits in a feature folder", "[layout]") {
  for (const auto& e : fs::directory_iterator(kRoot / "src/analysis")) {
    INFO(repo_path(e.path()));
    CHECK(e.is_directory());
  }
}

// The target_link_libraries(...) call of `target` in the CMake file `file`.
std::string cmake_links(const std::string& file, const std::string& target) {
  const std::string text = test::slurp((kRoot / file).string());
  const std::string head = "target_link_libraries(" + target + " ";
  const size_t at = text.find(head);
  REQUIRE(at != std::string::npos);
  return text.substr(at, text.find(')', at) - at);
}

TEST_CASE("layout: the config library does not link the Verilated rings", "[layout]") {
  const std::string links = cmake_links("CMakeLists.txt", "anesim_config");
  INFO(links);
  CHECK(links.find("kdma_rings") == std::string::npos);
  CHECK(links.find("anesim_sim") == std::string::npos);
  // Nor does it include their headers.
  for (const fs::path& f : sources_under("src/config")) {
    for (const std::string& inc : project_includes(f)) {
      INFO(repo_path(f) << " includes " << inc);
      CHECK(inc != "sim/prefetch_ring.h");
    }
  }
}

TEST_CASE("layout: nothing under sim/ is built only for the benchmark", "[layout]") {
  const std::string top = test::slurp((kRoot / "CMakeLists.txt").string());
  const std::string bench = test::slurp((kRoot / "src/analysis/bench/CMakeLists.txt").string());
  for (const fs::path& f : sources_under("sim")) {
    if (f.extension() != ".cpp") continue;
    INFO(repo_path(f));
    CHECK(top.find(repo_path(f)) != std::string::npos);  // built for the model
    CHECK(bench.find(f.filename().string()) == std::string::npos);
    CHECK(test::slurp(f.string()).find("sc_clock") == std::string::npos);
  }
}

TEST_CASE("layout: io/ and config/ sit below analysis/, analysis/ below cli/", "[layout]") {
  struct Rule {
    const char* dir;
    std::vector<std::string> allowed;
  };
  const std::vector<Rule> rules = {
      {"src/io", {"sim/", "generated/", "io/"}},
      {"src/config", {"sim/", "generated/", "io/", "config/"}},
      {"src/analysis", {"sim/", "generated/", "io/", "config/", "analysis/"}},
  };
  for (const Rule& rule : rules) {
    for (const fs::path& f : sources_under(rule.dir)) {
      for (const std::string& inc : project_includes(f)) {
        bool ok = false;
        for (const std::string& prefix : rule.allowed) {
          ok = ok || starts_with(inc, prefix);
        }
        INFO(repo_path(f) << " includes " << inc);
        CHECK(ok);
      }
    }
  }
}

TEST_CASE("layout: no source file is over 350 lines", "[layout]") {
  for (const char* dir : {"src", "sim", "tests", "examples"}) {
    for (const fs::path& f : sources_under(dir)) {
      const std::string text = test::slurp(f.string());
      const auto lines = std::count(text.begin(), text.end(), '\n');
      INFO(repo_path(f) << ": " << lines << " lines");
      CHECK(lines <= 350);
    }
  }
}

TEST_CASE("layout: a variant name is a string literal only in the table", "[layout]") {
  REQUIRE(ring_variants().size() >= 2);
  for (const char* dir : {"src", "sim"}) {
    for (const fs::path& f : sources_under(dir)) {
      if (repo_path(f) == "sim/ring_variants.def") {
        continue;
      }
      const std::string text = test::slurp(f.string());
      for (const RingVariantInfo& v : ring_variants()) {
        const std::string literal = std::string("\"") + v.name + "\"";
        INFO(repo_path(f) << " spells " << literal);
        CHECK(text.find(literal) == std::string::npos);
      }
    }
  }
  // The table itself has each name once.
  const std::string table = test::slurp((kRoot / "sim/ring_variants.def").string());
  for (const RingVariantInfo& v : ring_variants()) {
    const std::string literal = std::string("\"") + v.name + "\"";
    const size_t first = table.find(literal);
    CHECK(first != std::string::npos);
    CHECK(table.find(literal, first + 1) == std::string::npos);
  }
}

TEST_CASE("layout: no JSON key is written by hand in a C++ string", "[layout]") {
  // An escaped quote, a key, an escaped quote and a colon: "{\"key\": ...".
  static const std::regex hand_written_key(R"re(\\"[A-Za-z_][A-Za-z0-9_]*\\"\s*:)re");
  for (const char* dir : {"src", "sim"}) {
    for (const fs::path& f : sources_under(dir)) {
      const std::string text = test::slurp(f.string());
      INFO(repo_path(f));
      CHECK_FALSE(std::regex_search(text, hand_written_key));
    }
  }
}

}  // namespace
}  // namespace anesim
