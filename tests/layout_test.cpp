// The source layout's rules (docs/architecture.md), checked on the tree
// (sim/'s own, the model's families, in layout_sim_test.cpp):
// - an include path is the header's path on disk: <anesim/P> is
//   src/anesim/P, <sim/P> is sim/P (generated headers aside), never "src/..."
//   nor a path relative to the including file;
// - src/anesim/io/ is the bottom of src/; src/anesim/machine/ and src/anesim/model/ sit on it and
//   not on each other; src/anesim/analysis/ never includes src/anesim/cli/, nor does
//   src/anesim/python/; src/anesim/api/ computes and src/anesim/present/ on it presents:
//   src/anesim/cli/ and src/anesim/python/ include only src/anesim/api/, src/anesim/present/ and
//   src/anesim/io/;
// - every file of src/anesim/analysis/ sits in a feature folder, every feature
//   folder is compiled by the same rule, and no folder of src/ includes
//   another that includes it back (the include graph has no cycle);
// - the config library does not link the Verilated rings, and nothing under
//   sim/ is built only for the benchmark;
// - the installed headers are closed under #include, and at most 12;
// - no source file in src/, sim/, tests/ or examples/ is over 350 lines;
// - a ring variant's name is spelled as a string literal only in the table
//   (sim/ring/ring_variants.def), a memory target's, refresh policy's or
//   DRAM standard's only in its own file, and the RTL names a ring
//   mechanism, never its number;
// - no JSON key is written by hand inside a C++ string (JSON goes through
//   nlohmann-json).
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <sim/dram/dram_standard.h>
#include <sim/dram/refresh/refresh_policies.h>
#include <sim/memory/memory_targets.h>
#include <sim/ring/ring_variant.h>
#include "layout_support.h"
#include "test_support.h"

namespace anesim {
namespace {

using namespace layout;  // the tree's readers (layout_support.h)

TEST_CASE("layout: an include path is the header's path on disk", "[layout]") {
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
      for (const std::string& inc : project_includes(f)) {
        if (starts_with(inc, "generated/")) continue;
        INFO(repo_path(f) << " includes " << inc);
        CHECK(fs::is_regular_file(kRoot / (starts_with(inc, "sim/") ? inc : "src/anesim/" + inc)));
      }
    }
  }
  // No folder of links joins the parts: the build finds each header where it is.
  const std::string dirs = test::slurp((kRoot / "cmake/IncludeRoot.cmake").string());
  CHECK(dirs.find("CREATE_LINK") == std::string::npos);
}

TEST_CASE("layout: every file of src/anesim/analysis/ sits in a feature folder", "[layout]") {
  for (const auto& e : fs::directory_iterator(kRoot / "src/anesim/analysis")) {
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
  for (const char* target : {"anesim_config", "anesim_model"}) {
    const std::string links = cmake_links("CMakeLists.txt", target);
    INFO(links);
    CHECK(links.find("kdma_rings") == std::string::npos);
    CHECK(links.find("anesim_sim") == std::string::npos);
  }
  // Nor do they include their headers.
  for (const fs::path& f : sources_under("src/anesim/machine")) {
    for (const std::string& inc : project_includes(f)) {
      INFO(repo_path(f) << " includes " << inc);
      CHECK(inc != "sim/ring/prefetch_ring.h");
    }
  }
}

TEST_CASE("layout: nothing under sim/ is built only for the benchmark", "[layout]") {
  // The model is every .cpp under sim/ (one glob), the ring's own libraries
  // apart.
  const std::string top = test::slurp((kRoot / "CMakeLists.txt").string());
  CHECK(top.find("file(GLOB_RECURSE ANESIM_SIM_SOURCES CONFIGURE_DEPENDS sim/*.cpp)") !=
        std::string::npos);
  const std::string bench =
      test::slurp((kRoot / "src/anesim/analysis/bench/CMakeLists.txt").string());
  for (const fs::path& f : sources_under("sim")) {
    if (f.extension() != ".cpp") continue;
    INFO(repo_path(f));
    CHECK(bench.find(f.filename().string()) == std::string::npos);
    CHECK(test::slurp(f.string()).find("sc_clock") == std::string::npos);
  }
}

TEST_CASE("layout: io/ at the bottom, cli/ and python/ on api/ and present/", "[layout]") {
  struct Rule {
    const char* dir;
    std::vector<std::string> allowed;
  };
  const std::vector<Rule> rules = {
      {"src/anesim/io", {"sim/", "generated/", "io/"}},
      {"src/anesim/machine", {"sim/", "generated/", "io/", "machine/"}},
      {"src/anesim/model", {"sim/", "generated/", "io/", "model/"}},
      {"src/anesim/analysis", {"sim/", "generated/", "io/", "machine/", "model/", "analysis/"}},
      {"src/anesim/api", {"sim/", "generated/", "io/", "machine/", "model/", "analysis/", "api/"}},
      {"src/anesim/present",
       {"sim/", "generated/", "io/", "machine/", "model/", "analysis/", "api/", "present/"}},
      // The front ends reach every lower layer through api/ and present/.
      {"src/anesim/cli", {"io/", "api/", "present/", "cli/"}},
      {"src/anesim/python", {"io/", "api/", "present/", "python/"}},
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

// The folder of `src/` a file or include belongs to: "io", "machine",
// "analysis/advise", "cli", ... (a feature folder of analysis/ counts alone).
std::string src_folder(const std::string& below_src) {
  const size_t slash = below_src.find('/');
  const std::string top = below_src.substr(0, slash);
  if (top == "analysis" && slash != std::string::npos) {
    const size_t next = below_src.find('/', slash + 1);
    return below_src.substr(0, next);
  }
  return top;
}

TEST_CASE("layout: no two folders of src/ include each other, directly or not", "[layout]") {
  // The folder graph: an edge from each folder to every folder it includes.
  FolderGraph edges;
  for (const fs::path& f : sources_under("src/anesim")) {
    const std::string from = src_folder(fs::relative(f, kRoot / "src/anesim").string());
    for (const std::string& inc : project_includes(f)) {
      const std::string to = src_folder(inc);
      if (to != from && to != "sim" && to != "generated") {
        edges[from].insert(to);
      }
    }
  }
  REQUIRE(edges.size() >= 10);
  const std::string cycle = first_cycle(edges);
  INFO("include cycle: " << cycle);
  CHECK(cycle.empty());
}

TEST_CASE("layout: every feature folder is compiled by one rule", "[layout]") {
  const std::string top = test::slurp((kRoot / "CMakeLists.txt").string());
  CHECK(top.find(
            "file(GLOB ANESIM_ANALYSIS_SOURCES CONFIGURE_DEPENDS src/anesim/analysis/*/*.cpp)") !=
        std::string::npos);
  // No feature folder is named in a list of its own.
  for (const auto& e : fs::directory_iterator(kRoot / "src/anesim/analysis")) {
    const std::string name = e.path().filename().string();
    INFO(name);
    CHECK(top.find("src/anesim/analysis/" + name + "/*") == std::string::npos);
  }
}

TEST_CASE("layout: the installed headers are closed under #include", "[layout]") {
  // ANESIM_PUBLIC_HEADERS in CMakeLists.txt: every project header one of
  // them includes is in the list too, so the installed API compiles alone.
  const std::string top = test::slurp((kRoot / "CMakeLists.txt").string());
  const size_t at = top.find("set(ANESIM_PUBLIC_HEADERS");
  REQUIRE(at != std::string::npos);
  std::istringstream list(top.substr(at + 25, top.find(')', at) - at - 25));
  std::set<std::string> listed;  // as included: "sim/top/ane_system.h", "io/errors.h"
  for (std::string word; list >> word;) {
    listed.insert(starts_with(word, "src/anesim/") ? word.substr(11) : word);
  }
  REQUIRE(listed.size() >= 10);
  std::set<std::string> generated;  // what CMake writes, installed beside them
  for (const std::string& header : listed) {
    const fs::path file = kRoot / (starts_with(header, "sim/") ? header : "src/anesim/" + header);
    REQUIRE(fs::exists(file));
    for (const std::string& inc : project_includes(file)) {
      INFO(header << " includes " << inc);
      CHECK((listed.count(inc) == 1 || starts_with(inc, "generated/")));
      if (starts_with(inc, "generated/")) {
        generated.insert(inc);
      }
    }
  }
  // A small public face: one class and what it names (docs/systemc.md).
  INFO(listed.size() << " listed + " << generated.size() << " generated headers");
  CHECK(listed.size() + generated.size() <= 12);
  // Nothing of the command line, the analyses or the Python module.
  for (const std::string& header : listed) {
    INFO(header);
    CHECK_FALSE((starts_with(header, "cli/") || starts_with(header, "analysis/") ||
                 starts_with(header, "python/")));
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
      if (repo_path(f) == "sim/ring/ring_variants.def") {
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
  const std::string table = test::slurp((kRoot / "sim/ring/ring_variants.def").string());
  for (const RingVariantInfo& v : ring_variants()) {
    const std::string literal = std::string("\"") + v.name + "\"";
    const size_t first = table.find(literal);
    CHECK(first != std::string::npos);
    CHECK(table.find(literal, first + 1) == std::string::npos);
  }
}

TEST_CASE("layout: memory targets, refresh policies and standards are named only by themselves",
          "[layout]") {
  // Each implementation's file spells its own name; machine_config.h and
  // refresh_policies.h the defaults.
  static const std::regex owner(
      R"re(^(sim/memory/.*_target_kind\.cpp|sim/dram/refresh/.*_refresh\.cpp|)re"
      R"re(sim/dram/standards/.*_standard\.cpp|sim/dram/refresh/refresh_policies\.h|)re"
      R"re(sim/base/machine_config\.h)$)re");
  // Every registered name, so that a new implementation is covered too.
  std::string names = "MemoryTarget::|RefreshMode::";
  for (const MemoryTargetKind* kind : MemoryTargets::instance().all())
    names += "|\"" + std::string(kind->name()) + '"';
  for (const RefreshPolicyKind* kind : RefreshPolicies::instance().all())
    names += "|\"" + std::string(kind->name()) + '"';
  for (const DramStandard* standard : Registry<DramStandard>::instance().all())
    names += "|\"" + std::string(standard->name()) + '"';
  const std::regex named(names);
  for (const char* dir : {"src", "sim"}) {
    for (const fs::path& f : sources_under(dir)) {
      INFO(repo_path(f));
      CHECK((std::regex_match(repo_path(f), owner) ||
             !std::regex_search(test::slurp(f.string()), named)));
    }
  }
  // The RTL compares the mechanism with relatch_e's names, never a number.
  const std::string ring = test::slurp((kRoot / "rtl/kdma_prefetch_ring.sv").string());
  CHECK_FALSE(std::regex_search(ring, std::regex(R"re(RelatchAtWrap\s*==\s*[0-9])re")));
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
