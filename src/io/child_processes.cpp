#include <anesim/io/child_processes.h>

#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
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

Running spawn(const std::vector<std::string>& argv, size_t index) {
  int out_pipe[2], err_pipe[2];
  if (pipe2(out_pipe, O_CLOEXEC) != 0 || pipe2(err_pipe, O_CLOEXEC) != 0) {
    throw std::runtime_error(fmt::format("cannot create a pipe: {}", std::strerror(errno)));
  }
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
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
