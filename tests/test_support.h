// Helpers shared by the tests, declared once:
// - run the cycle-level cluster directly (many runs per process; SystemC
//   allows one elaboration per process, so the SystemC path is exercised
//   through the anesim binary);
// - run the anesim binary as a child process, without a shell, and collect
//   its exit code, stdout and stderr;
// - name a ring variant that has no enumerator;
// - read files and make scratch directories.
#pragma once

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <system_error>
#include <vector>

#include <sim/core/workload.h>
#include <sim/top/cluster.h>
#include "variant_by_name.h"  // IWYU pragma: export (the tests name variants through it)

namespace anesim::test {

inline RunResult run_cluster(const MachineConfig& cfg, RingVariant variant, const Workload& w,
                             bool skip_idle = true) {
  RunSpec spec;
  spec.variant = variant;
  spec.tasks = build_tasks(w);
  spec.skip_idle = skip_idle;
  Cluster cluster(cfg, spec);
  cluster.run_until(cfg.sim.max_cycles);
  return cluster.result();
}

inline Workload workload(uint32_t lines, uint32_t cores = 16, uint32_t split = 1) {
  Workload w;
  w.lines_per_core = lines;
  w.cores = cores;
  w.split = split;
  return w;
}

// The whole file, bytes as they are ("" when it cannot be read).
inline std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The scratch folders this test process made, removed when it exits
// (ANESIM_KEEP_TEST_SCRATCH=1 keeps them to look at).
struct ScratchFolders {
  std::vector<std::string> made;
  ~ScratchFolders() {
    const char* keep = std::getenv("ANESIM_KEEP_TEST_SCRATCH");
    if (keep != nullptr && *keep == '1') return;
    for (const std::string& d : made) {
      std::error_code ec;
      std::filesystem::remove_all(d, ec);
    }
  }
};
inline ScratchFolders& scratch_folders() {
  static ScratchFolders folders;
  return folders;
}

// A new empty directory under $TMPDIR (the build tree's test-scratch/ under
// ctest, tests/CMakeLists.txt), else /tmp; removed when the test exits.
inline std::string fresh_dir(const std::string& prefix = "anesim-test") {
  const char* tmp = std::getenv("TMPDIR");
  std::string tmpl =
      std::string(tmp != nullptr && *tmp != '\0' ? tmp : "/tmp") + "/" + prefix + "-XXXXXX";
  const char* d = mkdtemp(tmpl.data());
  if (d == nullptr) return std::string();
  scratch_folders().made.push_back(d);
  return std::string(d);
}

// `text` with the first `from` replaced by `to`; throws when `from` is not
// in it (a test editing a file that changed under it must fail loudly).
inline std::string replace_once(std::string text, const std::string& from, const std::string& to) {
  const size_t at = text.find(from);
  if (at == std::string::npos) {
    throw std::logic_error("replace_once: '" + from + "' not found");
  }
  return text.replace(at, from.size(), to);
}

struct Outcome {
  int rc = -1;  // exit code, or 1000 + signal number
  std::string out;
  std::string err;
};

// Starts the anesim binary with `args` verbatim (no shell), stdin from
// /dev/null, stdout and stderr into the files `out` and `err`.
inline pid_t spawn_anesim(const std::vector<std::string>& args, const std::string& out,
                          const std::string& err) {
  std::vector<std::string> copy = args;
  std::string bin = ANESIM_BINARY;
  std::vector<char*> argv = {bin.data()};
  for (std::string& a : copy) {
    argv.push_back(a.data());
  }
  argv.push_back(nullptr);
  const pid_t pid = fork();
  if (pid == 0) {
    const int o = open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int e = open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int n = open("/dev/null", O_RDONLY);
    dup2(o, 1);
    dup2(e, 2);
    dup2(n, 0);
    execv(argv[0], argv.data());
    _exit(127);
  }
  return pid;
}

inline int wait_status(pid_t pid) {
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 1000 + WTERMSIG(status);
}

// Runs anesim to the end.
inline Outcome run_anesim(const std::vector<std::string>& args) {
  static const std::string dir = fresh_dir("anesim-run");
  Outcome o;
  o.rc = wait_status(spawn_anesim(args, dir + "/out", dir + "/err"));
  o.out = slurp(dir + "/out");
  o.err = slurp(dir + "/err");
  return o;
}

// The same with the arguments given as one string, split at spaces (no
// quoting: for arguments without spaces).
inline Outcome run_anesim(const std::string& args) {
  std::vector<std::string> words;
  std::istringstream in(args);
  for (std::string w; in >> w;) {
    words.push_back(w);
  }
  return run_anesim(words);
}

}  // namespace anesim::test
