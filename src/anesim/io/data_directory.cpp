#include <anesim/io/data_directory.h>

#include <dlfcn.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <system_error>
#include <vector>

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

namespace {
std::string found_data_directory();
}  // namespace

// Where the code was loaded from does not change while it runs: found
// once per process (a fleet question asks for the registry many times).
std::string data_directory() {
  if (const char* env = std::getenv("ANESIM_DATA_DIR"); env != nullptr && *env != '\0') {
    return env;
  }
  static const std::string found = found_data_directory();
  return found;
}

namespace {

std::string found_data_directory() {
  namespace fs = std::filesystem;
  const fs::path here = loaded_file_folder();
  if (here.empty()) {
    return {};
  }
  std::error_code ec;
  const fs::path build = fs::weakly_canonical(ANESIM_BUILD_TREE, ec);
  const std::string folder = here.filename().string();
  const bool in_packages =
      folder.size() > 9 && folder.compare(folder.size() - 9, 9, "-packages") == 0;
  std::vector<fs::path> candidates;
  if (folder == "bin") candidates.push_back(here / "../share/anesim");
  if (in_packages) candidates.push_back(here / "../../../share/anesim");
  // Code loaded from inside the build tree (build/anesim, build/tests/*,
  // build/python/anesim*.so) is the build's own; an install prefix inside
  // it is found first, as installed.
  const auto build_end = std::mismatch(build.begin(), build.end(), here.begin(), here.end()).first;
  if (!build.empty() && build_end == build.end()) candidates.push_back(build / "share/anesim");
  candidates.push_back(ANESIM_INSTALLED_DATA);
  for (const fs::path& candidate : candidates) {
    if (fs::is_directory(candidate / "configs", ec)) {
      return candidate.lexically_normal().string();
    }
  }
  return {};
}

}  // namespace

std::string data_directory_or_installed() {
  const std::string found = data_directory();
  return found.empty() ? std::string(ANESIM_INSTALLED_DATA) : found;
}

}  // namespace anesim
