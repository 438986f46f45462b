#include "sim/waveform_file.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <stdexcept>

#include <fmt/format.h>
#include <verilated_vcd_c.h>

#include "sim/atomic_output.h"

extern char** environ;

namespace anesim {

namespace {

// Runs GTKWave's converter without a shell; true on success.
bool vcd_to_fst(const std::string& vcd, const std::string& fst) {
  const char* argv[] = {"vcd2fst", vcd.c_str(), fst.c_str(), nullptr};
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  pid_t pid = 0;
  const int rc = posix_spawnp(&pid, "vcd2fst", &actions, nullptr, const_cast<char**>(argv), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) {
    return false;
  }
  int status = 0;
  if (waitpid(pid, &status, 0) < 0) {
    return false;
  }
  return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

}  // namespace

WaveformFile::WaveformFile(std::string vcd_path, std::string fst_path)
    : vcd_path_(std::move(vcd_path)), fst_path_(std::move(fst_path)) {
  const std::string& target = vcd_path_.empty() ? fst_path_ : vcd_path_;
  check_writable_directory(target);
  if (!fst_path_.empty()) {
    check_writable_directory(fst_path_);
  }
  // Registered under its full name, so that SIGINT removes this very file.
  tmp_vcd_ = temporary_path_for(target, ".vcd");
  vcd_ = std::make_unique<VerilatedVcdC>();
}

void WaveformFile::open() {
  errno = 0;
  vcd_->open(tmp_vcd_.c_str());
  if (!vcd_->isOpen()) {
    const int err = errno;
    throw OutputError(fmt::format("{}: cannot create the waveform dump (temporary file '{}'){}{}",
                                  vcd_path_.empty() ? fst_path_ : vcd_path_, tmp_vcd_,
                                  err != 0 ? ": " : "", err != 0 ? std::strerror(err) : ""));
  }
}

WaveformFile::~WaveformFile() {
  if (!finished_) {
    vcd_->close();
    discard_temporary(tmp_vcd_);
  }
}

void WaveformFile::finish(bool keep) {
  finished_ = true;
  vcd_->close();
  if (!keep) {
    discard_temporary(tmp_vcd_);
    return;
  }
  if (!fst_path_.empty()) {
    const std::string tmp_fst = temporary_path_for(fst_path_, ".fst");
    if (!vcd_to_fst(tmp_vcd_, tmp_fst)) {
      discard_temporary(tmp_vcd_);
      discard_temporary(tmp_fst);
      throw OutputError(
          fmt::format("{}: vcd2fst (from the gtkwave package) failed to convert the dump",
                      fst_path_));
    }
    commit_temporary(tmp_fst, fst_path_);
  }
  if (!vcd_path_.empty()) {
    commit_temporary(tmp_vcd_, vcd_path_);
  } else {
    discard_temporary(tmp_vcd_);
  }
}

}  // namespace anesim
