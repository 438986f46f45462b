#include <anesim/io/output_set.h>

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include <fmt/format.h>

#include <anesim/io/atomic_output.h>
#include <anesim/io/errors.h>
#include <anesim/io/text_functions.h>

namespace anesim {

int write_all_and_close(int fd, const std::string& content) {
  int err = 0;
  for (size_t done = 0; done < content.size() && err == 0;) {
    const ssize_t got = ::write(fd, content.data() + done, content.size() - done);
    if (got > 0) {
      done += static_cast<size_t>(got);
    } else if (got == 0 || errno != EINTR) {
      err = got == 0 ? ENOSPC : errno;
    }
  }
  // A file system may report a full disk only when the data is written out.
  if (err == 0 && ::fsync(fd) != 0 && errno != EINVAL && errno != EROFS) {
    err = errno;
  }
  if (::close(fd) != 0 && err == 0 && errno != EINTR) {
    err = errno;
  }
  return err;
}

OutputSet::~OutputSet() {
  for (const auto& [tmp, target] : staged_) {
    discard_temporary(tmp);
  }
}

void OutputSet::add_text(const std::string& path, const std::string& content) {
  check_writable_directory(path);
  const std::string tmp = temporary_path_for(path);
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) {
    const int err = errno;
    discard_temporary(tmp);
    throw OutputError(fmt::format("{}: cannot write: {}", printable(path), std::strerror(err)));
  }
  const int err = write_all_and_close(fd, content);
  if (err != 0) {
    discard_temporary(tmp);
    throw OutputError(fmt::format("{}: cannot write: {}", printable(path), std::strerror(err)));
  }
  staged_.emplace_back(tmp, path);
}

void OutputSet::adopt(const std::string& tmp, const std::string& path) {
  staged_.emplace_back(tmp, path);
}

void OutputSet::commit() {
  std::vector<std::pair<std::string, std::string>> staged;
  staged.swap(staged_);
  for (size_t i = 0; i < staged.size(); ++i) {
    try {
      commit_temporary(staged[i].first, staged[i].second);
    } catch (const OutputError&) {
      for (size_t k = 0; k < i; ++k) {
        std::remove(staged[k].second.c_str());  // all or none
      }
      for (size_t k = i + 1; k < staged.size(); ++k) {
        discard_temporary(staged[k].first);
      }
      throw;
    }
  }
}

}  // namespace anesim
