// The outputs of one command, published together or not at all. Each output
// is first written whole under its temporary name (src/anesim/io/atomic_output.h);
// commit() renames them into place only once every one is written, and an
// OutputSet destroyed without commit() (an error, a failed run) removes
// every temporary, so that a command that fails leaves nothing behind.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace anesim {

class OutputSet {
 public:
  OutputSet() = default;
  ~OutputSet();
  OutputSet(const OutputSet&) = delete;
  OutputSet& operator=(const OutputSet&) = delete;

  // Writes `content` to a temporary beside `path`; throws OutputError (with
  // the system's reason, e.g. "No space left on device") when it cannot.
  void add_text(const std::string& path, const std::string& content);
  // Takes over `tmp`, a temporary already written for `path`.
  void adopt(const std::string& tmp, const std::string& path);
  // Renames every temporary into place. If a rename fails, the outputs this
  // set already published are removed again and OutputError is thrown.
  void commit();

 private:
  std::vector<std::pair<std::string, std::string>> staged_;  // (temporary, target)
};

// Writes `content` to the already open file `fd` whole; returns 0 or the
// errno of the write (or close) that failed. Closes `fd`.
int write_all_and_close(int fd, const std::string& content);

}  // namespace anesim
