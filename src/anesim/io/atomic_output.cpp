#include <anesim/io/atomic_output.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include <fmt/format.h>

#include <anesim/io/errors.h>
#include <anesim/io/output_kind.h>
#include <anesim/io/output_set.h>
#include <anesim/io/signal_cleanup.h>
#include <anesim/io/text_functions.h>

namespace anesim {

namespace {

std::atomic<unsigned> g_counter{0};

// Where a write-through output's temporary goes: its own directory may be
// /dev or not ours to write.
std::string temporary_directory() {
  const char* tmp = std::getenv("TMPDIR");
  return tmp != nullptr && *tmp != '\0' ? tmp : "/tmp";
}

}  // namespace

std::string parent_directory(const std::string& path) {
  const size_t slash = path.find_last_of('/');
  if (slash == std::string::npos) {
    return ".";
  }
  return slash == 0 ? "/" : path.substr(0, slash);
}

std::string temporary_path_for(const std::string& target, const std::string& suffix) {
  const std::string base =
      writes_through(target) ? temporary_directory() + "/anesim-output" : target;
  const std::string tmp =
      fmt::format("{}.tmp{}-{}{}", base, static_cast<long>(getpid()), g_counter++, suffix);
  register_leftover(tmp, Leftover::kFile);
  return tmp;
}

void discard_temporary(const std::string& tmp) {
  std::remove(tmp.c_str());
  unregister_leftover(tmp);
}

void check_writable_directory(const std::string& target) {
  if (writes_through(target)) {
    const int fd = named_descriptor(target);
    if (fd >= 0 ? fcntl(fd, F_GETFL) < 0 : access(target.c_str(), W_OK) != 0) {
      throw OutputError(fmt::format("{}: cannot write: {}", printable(target),
                                    std::strerror(fd >= 0 ? EBADF : errno)));
    }
    return;
  }
  const std::string dir = parent_directory(target);
  struct stat st {};
  if (stat(dir.c_str(), &st) != 0) {
    throw OutputError(
        fmt::format("{}: directory '{}' does not exist", printable(target), printable(dir)));
  }
  if (!S_ISDIR(st.st_mode)) {
    throw OutputError(
        fmt::format("{}: '{}' is a file, not a directory", printable(target), printable(dir)));
  }
  if (access(dir.c_str(), W_OK) != 0) {
    throw OutputError(
        fmt::format("{}: directory '{}' is not writable", printable(target), printable(dir)));
  }
  if (stat(target.c_str(), &st) == 0 && S_ISDIR(st.st_mode)) {
    throw OutputError(fmt::format("{}: is a directory", printable(target)));
  }
}

void commit_temporary(const std::string& tmp, const std::string& target) {
  if (tmp != target && writes_through(target)) {
    const int err = copy_through(tmp, target);
    discard_temporary(tmp);
    if (err != 0) {
      throw OutputError(fmt::format("{}: cannot write: {}", printable(target), std::strerror(err)));
    }
    return;
  }
  if (std::rename(tmp.c_str(), target.c_str()) != 0) {
    const std::string why = std::strerror(errno);
    std::remove(tmp.c_str());
    unregister_leftover(tmp);
    throw OutputError(fmt::format("{}: cannot write: {}", target, why));
  }
  unregister_leftover(tmp);
}

void write_file_atomically(const std::string& path, const std::string& content) {
  OutputSet one;
  one.add_text(path, content);
  one.commit();
}

void install_output_cleanup_on_signal() { install_signal_cleanup(); }

}  // namespace anesim
