#include <anesim/io/child_processes.h>

#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
// memfd_create: glibc declares it in <bits/mman-shared.h>, which IWYU 0.18
// does not map to <sys/mman.h>.
#include <sys/mman.h>  // IWYU pragma: keep
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <stdexcept>

#include <fmt/format.h>

#include <anesim/io/text_functions.h>

extern char** environ;

namespace anesim {

namespace {

struct Running {
  size_t index = 0;
  pid_t pid = -1;
  int out_fd = -1;
  int err_fd = -1;
};

void drain(int& fd, std::string& sink) {
  char buf[8192];
  const ssize_t n = read(fd, buf, sizeof buf);
  if (n > 0) {
    sink.append(buf, static_cast<size_t>(n));
  } else if (n == 0 || (errno != EINTR && errno != EAGAIN)) {
    close(fd);
    fd = -1;
  }
}

// The child's stdin: its input in an anonymous file, read from the start
// (-1: /dev/null). A file, not a pipe: the parent writes it whole before the
// child starts, so a large input cannot block on a child that is not reading.
int input_file(const std::string& input) {
  if (input.empty()) return -1;
  const int fd = memfd_create("anesim-child-input", MFD_CLOEXEC);
  if (fd < 0) {
    throw std::runtime_error(
        fmt::format("cannot create a child's input: {}", std::strerror(errno)));
  }
  for (size_t done = 0; done < input.size();) {
    const ssize_t n = write(fd, input.data() + done, input.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      const int e = errno;
      close(fd);
      throw std::runtime_error(fmt::format("cannot write a child's input: {}", std::strerror(e)));
    }
    done += static_cast<size_t>(n);
  }
  lseek(fd, 0, SEEK_SET);
  return fd;
}

Running spawn(const ChildCommand& command, size_t index) {
  const std::vector<std::string>& argv = command.argv;
  const int in_fd = input_file(command.input);
  int out_pipe[2], err_pipe[2];
  if (pipe2(out_pipe, O_CLOEXEC) != 0 || pipe2(err_pipe, O_CLOEXEC) != 0) {
    if (in_fd >= 0) close(in_fd);
    throw std::runtime_error(fmt::format("cannot create a pipe: {}", std::strerror(errno)));
  }
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  if (in_fd >= 0) {
    posix_spawn_file_actions_adddup2(&fa, in_fd, 0);
  } else {
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
  }
  posix_spawn_file_actions_adddup2(&fa, out_pipe[1], 1);
  posix_spawn_file_actions_adddup2(&fa, err_pipe[1], 2);
  std::vector<char*> args;
  for (const auto& a : argv) {
    args.push_back(const_cast<char*>(a.c_str()));
  }
  args.push_back(nullptr);
  Running r;
  r.index = index;
  const int rc = posix_spawn(&r.pid, args[0], &fa, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&fa);
  close(out_pipe[1]);
  close(err_pipe[1]);
  if (in_fd >= 0) close(in_fd);
  if (rc != 0) {
    close(out_pipe[0]);
    close(err_pipe[0]);
    throw std::runtime_error(fmt::format("cannot start {}: {}", argv[0], std::strerror(rc)));
  }
  r.out_fd = out_pipe[0];
  r.err_fd = err_pipe[0];
  return r;
}

}  // namespace

std::vector<ChildResult> run_children(const std::vector<std::vector<std::string>>& commands,
                                      unsigned jobs,
                                      const std::function<void(size_t, size_t)>& progress) {
  std::vector<ChildCommand> with_input;
  with_input.reserve(commands.size());
  for (const std::vector<std::string>& argv : commands) {
    with_input.push_back(ChildCommand{argv, ""});
  }
  return run_children(with_input, jobs, progress);
}

std::vector<ChildResult> run_children(const std::vector<ChildCommand>& commands, unsigned jobs,
                                      const std::function<void(size_t, size_t)>& progress) {
  std::vector<ChildResult> results(commands.size());
  std::vector<Running> running;
  size_t next = 0, finished = 0;
  if (jobs == 0) jobs = 1;
  while (finished < commands.size()) {
    while (running.size() < jobs && next < commands.size()) {
      running.push_back(spawn(commands[next], next));
      ++next;
    }
    std::vector<pollfd> fds;
    for (const Running& r : running) {
      if (r.out_fd >= 0) fds.push_back({r.out_fd, POLLIN, 0});
      if (r.err_fd >= 0) fds.push_back({r.err_fd, POLLIN, 0});
    }
    if (!fds.empty() && poll(fds.data(), fds.size(), -1) < 0 && errno != EINTR) {
      throw std::runtime_error(fmt::format("poll failed: {}", std::strerror(errno)));
    }
    for (const pollfd& p : fds) {
      if (p.revents == 0) continue;
      for (Running& r : running) {
        if (r.out_fd == p.fd) drain(r.out_fd, results[r.index].out);
        if (r.err_fd == p.fd) drain(r.err_fd, results[r.index].err);
      }
    }
    for (size_t i = 0; i < running.size();) {
      Running& r = running[i];
      if (r.out_fd >= 0 || r.err_fd >= 0) {
        ++i;
        continue;
      }
      int status = 0;
      while (waitpid(r.pid, &status, 0) < 0 && errno == EINTR) {
      }
      results[r.index].exit_code = WIFEXITED(status)     ? WEXITSTATUS(status)
                                   : WIFSIGNALED(status) ? 128 + WTERMSIG(status)
                                                         : -1;
      running.erase(running.begin() + static_cast<std::ptrdiff_t>(i));
      ++finished;
      if (progress) progress(finished, commands.size());
    }
  }
  return results;
}

std::string find_on_path(const std::string& name) {
  const char* path = std::getenv("PATH");
  for (const std::string& dir : split_text(path != nullptr ? path : "/usr/bin:/bin", ':')) {
    const std::string candidate = (dir.empty() ? "." : dir) + "/" + name;
    if (access(candidate.c_str(), X_OK) == 0) {
      return candidate;
    }
  }
  return "";
}

}  // namespace anesim
