#include <anesim/io/output_kind.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include <fmt/format.h>

#include <anesim/io/errors.h>
#include <anesim/io/text_functions.h>

namespace anesim {

namespace {

bool is_stream(const struct stat& st) { return S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode); }

const char* what_it_is(const struct stat& st) {
  if (S_ISDIR(st.st_mode)) return "is a directory";
  if (S_ISBLK(st.st_mode)) return "is a block device; refusing to write to it";
  if (S_ISSOCK(st.st_mode)) return "is a socket; refusing to write to it";
  return "is not a regular file; refusing to write to it";
}

bool number_after(const std::string& path, std::string_view prefix, int& fd) {
  if (path.rfind(prefix, 0) != 0 || path.size() == prefix.size() ||
      path.size() > prefix.size() + 6) {
    return false;
  }
  char* end = nullptr;
  const long n = std::strtol(path.c_str() + prefix.size(), &end, 10);
  if (*end != '\0' || n < 0) {
    return false;
  }
  fd = static_cast<int>(n);
  return true;
}

}  // namespace

int named_descriptor(const std::string& path) {
  int fd = -1;
  if (path == "-" || path == "/dev/stdout") return 1;
  if (path == "/dev/stderr") return 2;
  if (number_after(path, "/dev/fd/", fd) || number_after(path, "/proc/self/fd/", fd)) return fd;
  return -1;
}

OutputKind output_kind(const std::string& path) {
  if (named_descriptor(path) >= 0) {
    return OutputKind::kWriteThrough;  // the stream itself, whatever it is
  }
  struct stat st {};
  if (lstat(path.c_str(), &st) != 0) {
    return OutputKind::kFile;  // a new file
  }
  if (S_ISREG(st.st_mode)) {
    return OutputKind::kFile;
  }
  if (S_ISLNK(st.st_mode)) {
    struct stat target {};
    if (stat(path.c_str(), &target) == 0 && is_stream(target)) {
      return OutputKind::kWriteThrough;
    }
    throw OutputError(fmt::format(
        "{}: is a symbolic link; refusing to replace it or to write through it (give the "
        "path of the file it points to)",
        printable(path)));
  }
  if (is_stream(st)) {
    return OutputKind::kWriteThrough;
  }
  throw OutputError(fmt::format("{}: {}", printable(path), what_it_is(st)));
}

int copy_through(const std::string& from, const std::string& target) {
  const int in = ::open(from.c_str(), O_RDONLY | O_CLOEXEC);
  if (in < 0) {
    return errno;
  }
  const int named = named_descriptor(target);
  if (named == 1) {
    std::fflush(stdout);  // what anesim printed before comes first
  }
  const int out = named >= 0 ? ::fcntl(named, F_DUPFD_CLOEXEC, 3)
                             : ::open(target.c_str(), O_WRONLY | O_NOCTTY | O_CLOEXEC);
  int err = out < 0 ? errno : 0;
  char buf[1 << 16];
  while (err == 0) {
    const ssize_t got = ::read(in, buf, sizeof buf);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) {
      err = got < 0 ? errno : 0;
      break;
    }
    for (ssize_t done = 0; done < got && err == 0;) {
      const ssize_t put = ::write(out, buf + done, static_cast<size_t>(got - done));
      if (put > 0) {
        done += put;
      } else if (put == 0 || errno != EINTR) {
        err = put == 0 ? ENOSPC : errno;
      }
    }
  }
  ::close(in);
  if (out >= 0 && ::close(out) != 0 && err == 0 && errno != EINTR) {
    err = errno;
  }
  return err;
}

}  // namespace anesim
