// What the layout tests (layout_test.cpp for src/ and the tree,
// layout_sim_test.cpp for sim/) read the tree with: the sources of a
// folder, the project headers a file includes, and the first cycle of an
// include graph.
#pragma once

#include <algorithm>
#include <filesystem>
#include <functional>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "test_support.h"

namespace anesim::layout {

namespace fs = std::filesystem;

inline const fs::path kRoot = ANESIM_SOURCE_DIR;

// Every C++ source and header under `dir` (relative to the repository).
inline std::vector<fs::path> sources_under(const std::string& dir) {
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

inline std::string repo_path(const fs::path& p) { return fs::relative(p, kRoot).string(); }

// The project headers a file includes: "io/errors.h" for
// <anesim/io/errors.h> (src/anesim/io/errors.h), "sim/top/cluster.h" for
// <sim/top/cluster.h>, "generated/..." for what CMake writes.
inline std::vector<std::string> project_includes(const fs::path& file) {
  static const std::regex include_line(R"re(^\s*#include\s+<(?:anesim/)?((?:sim/)?[^>]+)>)re");
  std::vector<std::string> out;
  std::istringstream in(test::slurp(file.string()));
  for (std::string line; std::getline(in, line);) {
    std::smatch m;
    if (std::regex_search(line, m, include_line) &&
        (line.find("<anesim/") != std::string::npos || line.find("<sim/") != std::string::npos)) {
      out.push_back(m[1]);
    }
  }
  return out;
}

inline bool starts_with(const std::string& s, const std::string& prefix) {
  return s.rfind(prefix, 0) == 0;
}

// An include graph between folders: an edge from each folder to every other
// folder it includes.
using FolderGraph = std::map<std::string, std::set<std::string>>;

// The first cycle a depth-first search finds, as "a -> b -> a"; empty when
// the graph has none.
inline std::string first_cycle(FolderGraph edges) {
  std::map<std::string, int> state;  // 0 new, 1 on the path, 2 done
  std::vector<std::string> path;
  std::string cycle;
  std::function<void(const std::string&)> visit = [&](const std::string& n) {
    state[n] = 1;
    path.push_back(n);
    for (const std::string& m : edges[n]) {
      if (!cycle.empty()) break;
      if (state[m] == 1) {
        const auto at = std::find(path.begin(), path.end(), m);
        for (auto it = at; it != path.end(); ++it) cycle += *it + " -> ";
        cycle += m;
      } else if (state[m] == 0) {
        visit(m);
      }
    }
    path.pop_back();
    state[n] = 2;
  };
  const FolderGraph nodes = edges;
  for (const auto& [n, out] : nodes) {
    if (state[n] == 0 && cycle.empty()) visit(n);
  }
  return cycle;
}

}  // namespace anesim::layout
