// The model's layout (docs/architecture.md, "Folders and files"), checked on
// the tree:
// - sim/ includes nothing from src/, and every file sits in a family folder;
// - the family folders (base, ring, core, fabric, memory, dram,
//   dram/standards, dram/refresh, top) form a stack: no folder includes another that
//   includes it back, directly or through others;
// - sim/base/ is the bottom: it includes no other family, nor a generated
//   header (a new ring variant recompiles nothing through MachineConfig);
// - sim/fabric/ reaches the DRAM only through sim/memory/.
#include <catch2/catch.hpp>

#include <filesystem>
#include <set>
#include <string>

#include "layout_support.h"

namespace anesim {
namespace {

using namespace layout;  // the tree's readers (layout_support.h)

// The family folder of a path below sim/: "base", "dram", "dram/refresh".
std::string sim_family(const fs::path& below_sim) { return below_sim.parent_path().string(); }

TEST_CASE("layout: sim/ includes nothing from src/", "[layout]") {
  for (const fs::path& f : sources_under("sim")) {
    for (const std::string& inc : project_includes(f)) {
      INFO(repo_path(f) << " includes " << inc);
      CHECK((starts_with(inc, "sim/") || starts_with(inc, "generated/")));
    }
  }
}

TEST_CASE("layout: sim/ is split by family, no file at its top", "[layout]") {
  for (const auto& e : fs::directory_iterator(kRoot / "sim")) {
    INFO(repo_path(e.path()));
    CHECK(e.is_directory());
  }
}

TEST_CASE("layout: no two families of sim/ include each other, directly or not", "[layout]") {
  const std::set<std::string> families = {
      "base", "ring", "core", "fabric", "memory", "dram", "dram/standards", "dram/refresh", "top"};
  FolderGraph edges;
  std::set<std::string> seen;
  for (const fs::path& f : sources_under("sim")) {
    const std::string from = sim_family(fs::relative(f, kRoot / "sim"));
    seen.insert(from);
    for (const std::string& inc : project_includes(f)) {
      if (!starts_with(inc, "sim/")) continue;
      const std::string to = sim_family(fs::path(inc.substr(4)));
      if (to != from) edges[from].insert(to);
    }
  }
  // A new family is added here, and to docs/architecture.md's list.
  CHECK(seen == families);
  const std::string cycle = first_cycle(edges);
  INFO("include cycle: " << cycle);
  CHECK(cycle.empty());
}

TEST_CASE("layout: sim/base/ is the bottom of the model", "[layout]") {
  for (const fs::path& f : sources_under("sim/base")) {
    for (const std::string& inc : project_includes(f)) {
      INFO(repo_path(f) << " includes " << inc);
      CHECK(starts_with(inc, "sim/base/"));
    }
  }
}

TEST_CASE("layout: sim/fabric/ includes nothing from sim/dram/", "[layout]") {
  for (const fs::path& f : sources_under("sim/fabric")) {
    for (const std::string& inc : project_includes(f)) {
      INFO(repo_path(f) << " includes " << inc);
      CHECK_FALSE(starts_with(inc, "sim/dram/"));
    }
  }
}

}  // namespace
}  // namespace anesim
