#include <anesim/io/signal_cleanup.h>

#include <fcntl.h>
// SYS_getdents64: a macro of <bits/syscall.h>, which IWYU 0.18 does not map
// to <sys/syscall.h>.
#include <sys/syscall.h>  // IWYU pragma: keep
#include <unistd.h>

#include <array>
#include <csignal>
#include <cstring>
#include <mutex>

namespace anesim {

namespace {

constexpr size_t kSlots = 32;
constexpr size_t kMaxPath = 4096;
struct Slot {
  std::array<char, kMaxPath> path{};
  Leftover kind = Leftover::kFile;
};
std::array<Slot, kSlots> g_slots{};
std::mutex g_lock;  // writers only; the handler reads without it

// Removes the entries of the directory `dir` (one level: scratch folders
// hold files) with system calls only, then the directory.
void remove_tree(const char* dir) {
  const int fd = ::open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd >= 0) {
    alignas(8) char buf[4096];
    for (;;) {
      const long got = ::syscall(SYS_getdents64, fd, buf, sizeof buf);
      if (got <= 0) break;
      for (long at = 0; at < got;) {
        // struct linux_dirent64: ino, off, reclen (u16), type (u8), name.
        unsigned short reclen = 0;
        std::memcpy(&reclen, buf + at + 16, sizeof reclen);
        const char* name = buf + at + 19;
        if (std::strcmp(name, ".") != 0 && std::strcmp(name, "..") != 0) {
          ::unlinkat(fd, name, 0);
        }
        at += reclen;
      }
    }
    ::close(fd);
  }
  ::rmdir(dir);
}

extern "C" void remove_leftovers_and_exit(int sig) {
  // Files first, so that the folders holding them are empty.
  for (const Leftover pass : {Leftover::kFile, Leftover::kTree, Leftover::kDirectory}) {
    for (const Slot& s : g_slots) {
      if (s.path[0] == '\0' || s.kind != pass) continue;
      if (pass == Leftover::kFile) {
        ::unlink(s.path.data());
      } else if (pass == Leftover::kTree) {
        remove_tree(s.path.data());
      } else {
        ::rmdir(s.path.data());
      }
    }
  }
  _exit(128 + sig);
}

}  // namespace

void register_leftover(const std::string& path, Leftover kind) {
  const std::lock_guard<std::mutex> hold(g_lock);
  for (Slot& s : g_slots) {
    if (s.path[0] == '\0' && path.size() < kMaxPath) {
      s.kind = kind;
      std::memcpy(s.path.data() + 1, path.c_str() + 1, path.size());
      s.path[0] = path[0];  // last, so the handler never sees half a name
      return;
    }
  }
}

void unregister_leftover(const std::string& path) {
  const std::lock_guard<std::mutex> hold(g_lock);
  for (Slot& s : g_slots) {
    if (std::strcmp(s.path.data(), path.c_str()) == 0) {
      s.path[0] = '\0';
    }
  }
}

void install_signal_cleanup() {
  for (const int sig : {SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGPIPE, SIGALRM, SIGUSR1, SIGUSR2,
                        SIGPROF, SIGVTALRM, SIGXCPU, SIGIO, SIGPWR}) {
    struct sigaction old {};
    if (sigaction(sig, nullptr, &old) == 0 && old.sa_handler == SIG_IGN) {
      continue;  // ignored by whoever started us (nohup, a background job)
    }
    struct sigaction act {};
    act.sa_handler = remove_leftovers_and_exit;
    sigfillset(&act.sa_mask);  // one cleanup, not one per signal
    sigaction(sig, &act, nullptr);
  }
  std::signal(SIGXFSZ, SIG_IGN);
}

}  // namespace anesim
