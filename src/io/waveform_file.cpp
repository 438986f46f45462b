#include <anesim/io/waveform_file.h>

#include <cerrno>
#include <cstring>

#include <fmt/format.h>
#include <verilated_vcd_c.h>

#include <anesim/io/child_processes.h>

namespace anesim {

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

void WaveformFile::finish(bool complete) {
  finished_ = true;
  vcd_->close();
  if (!complete) {
    discard_temporary(tmp_vcd_);
    return;
  }
  if (!fst_path_.empty()) {
    const std::string tmp_fst = temporary_path_for(fst_path_, ".fst");
    if (!vcd_to_fst(tmp_vcd_, tmp_fst)) {
      discard_temporary(tmp_vcd_);
      discard_temporary(tmp_fst);
      throw OutputError(fmt::format(
          "{}: vcd2fst (from the gtkwave package) failed to convert the dump", fst_path_));
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
