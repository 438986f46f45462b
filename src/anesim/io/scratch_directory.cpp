#include <anesim/io/scratch_directory.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>

#include <fmt/format.h>

#include <anesim/io/errors.h>
#include <anesim/io/signal_cleanup.h>

namespace anesim {

ScratchDirectory::ScratchDirectory(const std::string& prefix) {
  const char* tmp = std::getenv("TMPDIR");
  std::string tmpl =
      std::string(tmp != nullptr && *tmp != '\0' ? tmp : "/tmp") + "/" + prefix + "-XXXXXX";
  if (mkdtemp(tmpl.data()) == nullptr) {
    throw OutputError(
        fmt::format("{}: cannot make a scratch directory: {}", tmpl, std::strerror(errno)));
  }
  path_ = tmpl;
  register_leftover(path_, Leftover::kTree);
}

ScratchDirectory::~ScratchDirectory() {
  std::error_code ignored;
  std::filesystem::remove_all(path_, ignored);
  unregister_leftover(path_);
}

}  // namespace anesim
