// A private directory under $TMPDIR (or /tmp) for files a command writes only
// for its own children (e.g. calibrate's candidate configs); removed with
// everything in it when the object goes.
#pragma once

#include <string>

namespace anesim {

class ScratchDirectory {
 public:
  // Throws OutputError when the directory cannot be made.
  explicit ScratchDirectory(const std::string& prefix);
  ~ScratchDirectory();
  ScratchDirectory(const ScratchDirectory&) = delete;
  ScratchDirectory& operator=(const ScratchDirectory&) = delete;
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

}  // namespace anesim
