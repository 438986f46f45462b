#include <anesim/io/waveform_file.h>

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include <fmt/format.h>
#include <verilated_vcd_c.h>

#include <anesim/io/atomic_output.h>
#include <anesim/io/child_processes.h>
#include <anesim/io/errors.h>
#include <anesim/io/output_set.h>

namespace anesim {

// Verilator's file, with every write completed or its error kept: after the
// first failure the rest of the dump is dropped (it will be discarded), and
// Verilator is told each write succeeded so that it never calls VL_FATAL_MT.
//
// The dump is written into a file with no name (O_TMPFILE in the target's
// folder) and given its temporary name only once complete (name()): no
// signal, SIGKILL included, can strand a half-written dump. Where the file
// system has no O_TMPFILE, the named temporary is opened instead, and the
// signal cleanup removes it (signal_cleanup.h).
class CheckedVcdFile final : public VerilatedVcdFile {
 public:
  ~CheckedVcdFile() override {
    if (fd_ >= 0) ::close(fd_);
  }
  bool open(const std::string& name) override {
    const std::string dir = parent_directory(name);
    fd_ = ::open(dir.c_str(), O_TMPFILE | O_WRONLY | O_CLOEXEC, 0644);
    nameless_ = fd_ >= 0;
    if (!nameless_) fd_ = ::open(name.c_str(), O_CREAT | O_WRONLY | O_TRUNC | O_CLOEXEC, 0644);
    return fd_ >= 0;
  }
  void close() override {}  // the descriptor stays open until name() or the destructor
  ssize_t write(const char* buf, ssize_t len) override {
    for (ssize_t done = 0; done < len && error_ == 0 && fd_ >= 0;) {
      const ssize_t got = ::write(fd_, buf + done, static_cast<size_t>(len - done));
      if (got > 0) {
        done += got;
      } else if (got == 0 || (errno != EINTR && errno != EAGAIN)) {
        error_ = got == 0 ? ENOSPC : errno;
      }
    }
    return len;
  }
  // Gives the finished dump the name `path` (a named temporary already has
  // it); false with errno set when it cannot.
  bool name(const std::string& path) {
    if (fd_ < 0) return false;
    bool ok = true;
    if (nameless_) {
      const std::string self = fmt::format("/proc/self/fd/{}", fd_);
      ok = ::linkat(AT_FDCWD, self.c_str(), AT_FDCWD, path.c_str(), AT_SYMLINK_FOLLOW) == 0;
    }
    const int err = errno;
    ::close(fd_);
    fd_ = -1;
    errno = err;
    return ok;
  }
  int error() const { return error_; }

 private:
  int fd_ = -1;
  bool nameless_ = false;
  int error_ = 0;
};

namespace {

// GTKWave's converter, run without a shell; true on success.
bool vcd_to_fst(const std::string& vcd, const std::string& fst) {
  const std::string program = find_on_path("vcd2fst");
  if (program.empty()) {
    return false;
  }
  return run_children({{program, vcd, fst}}, 1, {})[0].exit_code == 0;
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
  file_ = std::make_unique<CheckedVcdFile>();
  vcd_ = std::make_unique<VerilatedVcdC>(file_.get());
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
  }
  discard_temporary(tmp_vcd_);
  if (!tmp_fst_.empty()) {
    discard_temporary(tmp_fst_);
  }
}

void WaveformFile::stage(OutputSet& outputs) {
  if (!complete_) {
    return;
  }
  if (!tmp_fst_.empty()) {
    outputs.adopt(tmp_fst_, fst_path_);
    tmp_fst_.clear();
  }
  if (!vcd_path_.empty()) {
    outputs.adopt(tmp_vcd_, vcd_path_);
    tmp_vcd_.clear();
  }
}

void WaveformFile::finish(bool complete) {
  finished_ = true;
  vcd_->close();
  if (!complete) {
    discard_temporary(tmp_vcd_);
    return;
  }
  if (file_->error() != 0) {
    discard_temporary(tmp_vcd_);
    throw OutputError(fmt::format("{}: cannot write the waveform dump: {}",
                                  vcd_path_.empty() ? fst_path_ : vcd_path_,
                                  std::strerror(file_->error())));
  }
  if (!file_->name(tmp_vcd_)) {
    const int err = errno;
    discard_temporary(tmp_vcd_);
    throw OutputError(fmt::format("{}: cannot write the waveform dump (temporary file '{}'): {}",
                                  vcd_path_.empty() ? fst_path_ : vcd_path_, tmp_vcd_,
                                  std::strerror(err)));
  }
  if (!fst_path_.empty()) {
    tmp_fst_ = temporary_path_for(fst_path_, ".fst");
    if (!vcd_to_fst(tmp_vcd_, tmp_fst_)) {
      discard_temporary(tmp_vcd_);
      discard_temporary(tmp_fst_);
      throw OutputError(fmt::format(
          "{}: vcd2fst (from the gtkwave package) failed to convert the dump", fst_path_));
    }
  }
  complete_ = true;
}

}  // namespace anesim
