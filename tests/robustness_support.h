// Helpers of the robustness tests (tests/robustness_*_test.cpp): the
// shipped config as text, edited; the anesim binary run with a deadline
// (a hang fails the test instead of stalling the suite) and, to make a disk
// "full" without root, with a file-size limit (RLIMIT_FSIZE): every write
// past it fails with EFBIG, as on a full file system (SIGXFSZ is ignored
// in the child, so the write returns the error instead of killing it).
#pragma once

#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "tests/test_support.h"

namespace anesim::test {

inline std::string shipped_yaml() { return slurp(ANESIM_SOURCE_DIR "/configs/chips/m3-air.yaml"); }

inline std::string shipped_with(const std::string& from, const std::string& to) {
  return replace_once(shipped_yaml(), from, to);
}

// The shipped config with all-bank refresh (the per-bank keys removed).
inline std::string all_bank_yaml() {
  std::string y = shipped_with("refresh: per_bank", "refresh: all_bank");
  for (const char* key : {"    rfcpb:", "    pbr2pbr:", "    pbr2act:"}) {
    const size_t at = y.find(key);
    y.erase(at, y.find('\n', at) + 1 - at);
  }
  return y;
}

// `yaml` under the test-only standard any_structure, which takes any
// structure (tests/memory/any_structure_standard.cpp; linked into the test
// binaries, not into anesim): one bank, say, which no JEDEC standard has.
inline std::string any_structure(const std::string& yaml) {
  return replace_once(yaml, "standard: lpddr5 ", "standard: any_structure ");
}

struct LimitedRun {
  Outcome outcome;
  bool timed_out = false;
};

// Runs anesim with `args`; kills it after `seconds`. `max_file_bytes` > 0
// limits the size of every file the child (and its children) write.
inline LimitedRun run_anesim_limited(const std::vector<std::string>& args, double seconds,
                                     rlim_t max_file_bytes = 0) {
  static const std::string dir = fresh_dir("anesim-limited");
  std::vector<std::string> copy = args;
  std::string bin = ANESIM_BINARY;
  std::vector<char*> argv = {bin.data()};
  for (std::string& a : copy) {
    argv.push_back(a.data());
  }
  argv.push_back(nullptr);
  const std::string out = dir + "/out", err = dir + "/err";
  const pid_t pid = fork();
  if (pid == 0) {
    const int o = open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int e = open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int n = open("/dev/null", O_RDONLY);
    dup2(o, 1);
    dup2(e, 2);
    dup2(n, 0);
    if (max_file_bytes > 0) {
      signal(SIGXFSZ, SIG_IGN);
      const rlimit limit{max_file_bytes, max_file_bytes};
      setrlimit(RLIMIT_FSIZE, &limit);
    }
    execv(argv[0], argv.data());
    _exit(127);
  }
  LimitedRun r;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  int status = 0;
  while (waitpid(pid, &status, WNOHANG) == 0) {
    if (std::chrono::steady_clock::now() > deadline) {
      r.timed_out = true;
      kill(pid, SIGKILL);
      waitpid(pid, &status, 0);
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  r.outcome.rc = WIFEXITED(status) ? WEXITSTATUS(status) : 1000 + WTERMSIG(status);
  r.outcome.out = slurp(out);
  r.outcome.err = slurp(err);
  return r;
}

// The names in `dir`, sorted (to show that a failed command left nothing).
inline std::vector<std::string> names_in(const std::string& dir) {
  std::vector<std::string> names;
  for (const auto& e : std::filesystem::directory_iterator(dir)) {
    names.push_back(e.path().filename().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace anesim::test
