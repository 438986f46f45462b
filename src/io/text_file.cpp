#include <anesim/io/text_file.h>

#include <sys/stat.h>

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

}  // namespace anesim
