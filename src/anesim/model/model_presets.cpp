#include <anesim/model/model_presets.h>

#include <algorithm>
#include <filesystem>
#include <system_error>

#include <fmt/format.h>

#include <anesim/io/data_directory.h>

namespace anesim {

std::string model_presets_directory() {
  const std::string root = data_directory_or_installed();
  return root + "/configs/models";
}

std::vector<std::string> model_preset_names() {
  namespace fs = std::filesystem;
  std::vector<std::string> names;
  std::error_code ec;
  for (fs::directory_iterator it(model_presets_directory(), ec), end; !ec && it != end;
       it.increment(ec)) {
    const fs::path& p = it->path();
    if (p.extension() == ".yaml" && it->is_regular_file(ec)) {
      names.push_back(p.stem().string());
    }
  }
  std::sort(names.begin(), names.end());
  return names;
}

std::string model_preset_list() {
  const std::vector<std::string> names = model_preset_names();
  if (names.empty()) {
    return fmt::format("none found in {}", model_presets_directory());
  }
  std::string out;
  for (const std::string& n : names) {
    out += (out.empty() ? "" : ", ") + n;
  }
  return out;
}

bool is_model_preset(const std::string& name) {
  const std::vector<std::string> names = model_preset_names();
  return std::find(names.begin(), names.end(), name) != names.end();
}

ModelDescription load_model_preset(const std::string& name) {
  ModelDescription m = load_model_file(model_presets_directory() + "/" + name + ".yaml");
  m.source = fmt::format("<preset {}>", name);
  return m;
}

}  // namespace anesim
