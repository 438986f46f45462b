#include <anesim/api/declared_inputs.h>

#include <algorithm>
#include <filesystem>
#include <optional>
#include <set>

#include <fmt/format.h>

#include <anesim/analysis/tables/result_cache.h>
#include <anesim/analysis/tables/table_lookup.h>
#include <anesim/io/json.h>
#include <anesim/io/text_file.h>
#include <anesim/io/text_functions.h>
#include <anesim/machine/chip_registry.h>
#include <anesim/machine/config_overlay.h>
#include <anesim/model/model_presets.h>

namespace anesim::api {

namespace {

namespace fs = std::filesystem;

// A compiled program's folder holds at most a few thousand files; a folder
// with more is not one, and its reader says so.
constexpr size_t kMaxListedFiles = 10000;
constexpr size_t kMaxIndexBytes = 64u << 20;

void add_regular_files_under(const std::string& folder, const std::string& option,
                             std::vector<NamedPath>& out) {
  std::error_code ec;
  fs::recursive_directory_iterator it(folder, fs::directory_options::skip_permission_denied, ec);
  size_t listed = 0;
  for (; !ec && it != fs::recursive_directory_iterator() && listed < kMaxListedFiles;
       it.increment(ec)) {
    if (it->is_regular_file(ec)) {
      out.push_back({option, it->path().string()});
      ++listed;
    }
  }
}

// The shard files a safetensors index's weight_map names, beside the index.
void add_index_shards(const std::string& index, const std::string& option,
                      std::vector<NamedPath>& out) {
  std::string why;
  const std::optional<std::string> text = read_regular_file(index, kMaxIndexBytes, "index", why);
  if (!text) return;  // the model reader reports it
  const Json j = Json::parse(*text, nullptr, false);
  if (!j.is_object() || !j.contains("weight_map") || !j["weight_map"].is_object()) return;
  std::set<std::string> shards;
  for (const auto& [tensor, shard] : j["weight_map"].items()) {
    if (shard.is_string()) shards.insert(shard.get<std::string>());
  }
  for (const std::string& s : shards) {
    out.push_back({option, (fs::path(index).parent_path() / s).string()});
  }
}

bool looks_like_model_path(const std::string& m) {
  return m.find('/') != std::string::npos || ends_with(m, ".yaml") || ends_with(m, ".yml") ||
         ends_with(m, ".json") || ends_with(m, ".safetensors") || ends_with(m, ".mil") ||
         ends_with(m, ".mlmodelc") || ends_with(m, ".mlpackage");
}

}  // namespace

void DeclaredInputs::file(const std::string& path, const std::string& option) {
  later([=](std::vector<NamedPath>& out) {
    if (!path.empty()) out.push_back({option, path});
  });
}

void DeclaredInputs::description(const std::string& config_path, const std::string& option,
                                 bool with_table) {
  file(config_path, option);
  bases_of(config_path, option);
  if (with_table) table_of(config_path, option);
}

void DeclaredInputs::table_of(const std::string& config_path, const std::string& option) {
  later([=](std::vector<NamedPath>& out) {
    out.push_back({fmt::format("the timing table of {}", option), table_path_for(config_path)});
  });
}

void DeclaredInputs::bases_of(const std::string& config_path, const std::string& option) {
  later([=](std::vector<NamedPath>& out) {
    if (config_path.empty()) return;
    bool names_a_chip = false;
    for (const std::string& base : base_files(config_path, names_a_chip)) {
      out.push_back({fmt::format("the base of {}", option), base});
    }
    // --chip NAME and a base named as a chip are looked up in the registry.
    out.push_back({"the chip registry", chip_registry_path()});
  });
}

void DeclaredInputs::folder(const std::string& folder, const std::string& option) {
  later([=](std::vector<NamedPath>& out) {
    if (!folder.empty()) add_regular_files_under(folder, option, out);
  });
}

void DeclaredInputs::model(const std::string& model, const std::string& option) {
  if (model.empty()) return;
  if (!looks_like_model_path(model)) {
    file((fs::path(model_presets_directory()) / (model + ".yaml")).string(), option);
    return;
  }
  file(model, option);
  const std::string parent = fs::path(model).parent_path().string();
  const std::string beside =
      (parent.empty() ? fs::path("config.json") : fs::path(parent) / "config.json").string();
  if (ends_with(model, ".safetensors.index.json") || ends_with(model, ".safetensors")) {
    file(beside, fmt::format("the config.json beside {}", option));
  }
  later([=](std::vector<NamedPath>& out) {
    std::error_code ec;
    if (fs::is_directory(model, ec)) {
      add_regular_files_under(model, option, out);
    } else if (ends_with(model, ".mil")) {
      add_regular_files_under((fs::path(parent.empty() ? "." : parent) / "weights").string(),
                              option, out);
    } else if (ends_with(model, ".safetensors.index.json")) {
      add_index_shards(model, fmt::format("a shard of {}", option), out);
    }
  });
}

const std::vector<NamedPath>& DeclaredInputs::paths() const {
  for (const auto& find : pending_) find(paths_);
  pending_.clear();
  return paths_;
}

void refuse_overwriting_inputs(const DeclaredInputs& inputs,
                               const std::vector<NamedPath>& outputs) {
  const bool writes = std::any_of(outputs.begin(), outputs.end(),
                                  [](const NamedPath& o) { return !o.path.empty(); });
  if (!writes) return;
  refuse_overlapping_paths(inputs.paths(), outputs);
  const std::string cache = cache_directory();
  if (!cache.empty()) refuse_outputs_inside({"the result cache", cache}, outputs);
}

}  // namespace anesim::api
