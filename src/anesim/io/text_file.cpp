#include <anesim/io/text_file.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>

#include <fmt/format.h>

namespace anesim {

std::optional<std::string> read_text_file(const std::string& path, size_t max_bytes,
                                          const std::string& kind, std::string& why) {
  struct stat st {};
  if (stat(path.c_str(), &st) != 0) {
    why = fmt::format("cannot open {}: {}", kind, std::strerror(errno));
    return std::nullopt;
  }
  if (S_ISDIR(st.st_mode)) {
    why = fmt::format("cannot open {}: is a directory", kind);
    return std::nullopt;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    why = fmt::format("cannot open {}: {}", kind, std::strerror(errno));
    return std::nullopt;
  }
  // Read at most one byte past the limit, in pieces no larger than the file
  // (a pipe has no size to stat: it is read a piece at a time).
  const size_t piece =
      S_ISREG(st.st_mode) ? std::min(static_cast<size_t>(st.st_size), max_bytes) + 1 : 1 << 16;
  std::string text;
  while (text.size() <= max_bytes) {
    const size_t before = text.size();
    text.resize(before + std::min(piece, max_bytes + 1 - before));
    in.read(text.data() + before, static_cast<std::streamsize>(text.size() - before));
    if (in.bad()) {
      why = fmt::format("cannot read {}: {}", kind, std::strerror(errno));
      return std::nullopt;
    }
    text.resize(before + static_cast<size_t>(in.gcount()));
    if (in.eof()) break;
  }
  if (text.size() > max_bytes) {
    why = fmt::format("{} too large (more than {} bytes)", kind, max_bytes);
    return std::nullopt;
  }
  return text;
}

std::optional<std::string> read_regular_file(const std::string& path, size_t max_bytes,
                                             const std::string& kind, std::string& why) {
  // O_NONBLOCK: opening a FIFO does not wait for a writer; fstat then
  // refuses it, on the very file opened.
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
  if (fd < 0) {
    why = fmt::format("cannot open {}: {}", kind, std::strerror(errno));
    return std::nullopt;
  }
  struct stat st {};
  std::optional<std::string> text;
  if (::fstat(fd, &st) != 0) {
    why = fmt::format("cannot open {}: {}", kind, std::strerror(errno));
  } else if (!S_ISREG(st.st_mode)) {
    why = fmt::format("cannot open {}: not a regular file", kind);
  } else if (static_cast<uint64_t>(st.st_size) > max_bytes) {
    why = fmt::format("{} too large ({} bytes, more than {})", kind, st.st_size, max_bytes);
  } else {
    std::string data(static_cast<size_t>(st.st_size), '\0');
    size_t got = 0;
    while (got < data.size()) {
      const ssize_t n = ::read(fd, data.data() + got, data.size() - got);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) break;
      got += static_cast<size_t>(n);
    }
    if (got != data.size()) {
      why = fmt::format("cannot read {}: {}", kind,
                        errno != 0 ? std::strerror(errno) : "it changed while being read");
    } else {
      text = std::move(data);
    }
  }
  ::close(fd);
  return text;
}

}  // namespace anesim
