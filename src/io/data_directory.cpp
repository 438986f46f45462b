#include <anesim/io/data_directory.h>

#include <dlfcn.h>

#include <cstdlib>
#include <filesystem>
#include <system_error>

namespace anesim {

namespace {

// The folder of the executable or shared object this function is in. The
// main program's name from dladdr can be argv[0], so it is read from
// /proc/self/exe instead.
std::filesystem::path loaded_file_folder() {
  std::error_code ec;
  const std::filesystem::path exe = std::filesystem::canonical("/proc/self/exe", ec);
  Dl_info info{};
  std::filesystem::path object;
  if (dladdr(reinterpret_cast<void*>(&loaded_file_folder), &info) != 0 &&
      info.dli_fname != nullptr && *info.dli_fname != '\0') {
    std::error_code object_ec;
    object = std::filesystem::weakly_canonical(info.dli_fname, object_ec);
    if (object_ec) object.clear();
  }
  const bool in_executable = object.empty() || object.filename() == exe.filename();
  if (in_executable && ec) {
    return {};
  }
  return (in_executable ? exe : object).parent_path();
}

}  // namespace

std::string data_directory() {
  if (const char* env = std::getenv("ANESIM_DATA_DIR"); env != nullptr && *env != '\0') {
    return env;
  }
  const std::filesystem::path here = loaded_file_folder();
  if (here.empty()) {
    return {};
  }
  for (const char* relative : {"../share/anesim", "../../../share/anesim", "share/anesim"}) {
    std::error_code ec;
    const std::filesystem::path candidate = here / relative;
    if (std::filesystem::is_directory(candidate / "configs", ec)) {
      return candidate.lexically_normal().string();
    }
  }
  return {};
}

}  // namespace anesim
