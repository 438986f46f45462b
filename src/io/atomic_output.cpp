#include <anesim/io/atomic_output.h>

#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <stdexcept>

#include <fmt/format.h>

#include <anesim/io/output_set.h>

namespace anesim {

namespace {

// Fixed storage so the signal handler touches no allocator.
constexpr size_t kMaxTemps = 16;
constexpr size_t kMaxPath = 4096;
std::array<std::array<char, kMaxPath>, kMaxTemps> g_temps{};
std::atomic<unsigned> g_counter{0};

void register_temp(const std::string& path) {
  for (auto& slot : g_temps) {
    if (slot[0] == '\0' && path.size() < kMaxPath) {
      std::memcpy(slot.data(), path.c_str(), path.size() + 1);
      return;
    }
  }
}

void unregister_temp(const std::string& path) {
  for (auto& slot : g_temps) {
    if (std::strcmp(slot.data(), path.c_str()) == 0) {
      slot[0] = '\0';
    }
  }
}

extern "C" void remove_temps_and_exit(int sig) {
  for (auto& slot : g_temps) {
    if (slot[0] != '\0') {
      unlink(slot.data());
    }
  }
  _exit(128 + sig);
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
  const std::string tmp =
      fmt::format("{}.tmp{}-{}{}", target, static_cast<long>(getpid()), g_counter++, suffix);
  register_temp(tmp);
  return tmp;
}

void discard_temporary(const std::string& tmp) {
  std::remove(tmp.c_str());
  unregister_temp(tmp);
}

void check_writable_directory(const std::string& target) {
  const std::string dir = parent_directory(target);
  struct stat st {};
  if (stat(dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) {
    throw OutputError(fmt::format("{}: directory '{}' does not exist", target, dir));
  }
  if (access(dir.c_str(), W_OK) != 0) {
    throw OutputError(fmt::format("{}: directory '{}' is not writable", target, dir));
  }
  if (stat(target.c_str(), &st) == 0 && S_ISDIR(st.st_mode)) {
    throw OutputError(fmt::format("{}: is a directory", target));
  }
}

void commit_temporary(const std::string& tmp, const std::string& target) {
  if (std::rename(tmp.c_str(), target.c_str()) != 0) {
    const std::string why = std::strerror(errno);
    std::remove(tmp.c_str());
    unregister_temp(tmp);
    throw OutputError(fmt::format("{}: cannot write: {}", target, why));
  }
  unregister_temp(tmp);
}

void write_file_atomically(const std::string& path, const std::string& content) {
  OutputSet one;
  one.add_text(path, content);
  one.commit();
}

void install_output_cleanup_on_signal() {
  std::signal(SIGINT, remove_temps_and_exit);
  std::signal(SIGTERM, remove_temps_and_exit);
  std::signal(SIGHUP, remove_temps_and_exit);
}

}  // namespace anesim
