#include <anesim/analysis/tables/table_lookup.h>

#include <filesystem>
#include <map>
#include <mutex>

#include <fmt/format.h>

#include <anesim/analysis/tables/model_version.h>
#include <anesim/analysis/tables/result_cache.h>
#include <anesim/io/data_directory.h>
#include <anesim/io/errors.h>
#include <anesim/io/file_signature.h>
#include <anesim/io/text_file.h>
#include <anesim/machine/builtin_config.h>

namespace anesim {

namespace {

namespace fs = std::filesystem;
constexpr size_t kMaxTableBytes = 64u << 20;

std::string regenerate(const std::string& description_path, const std::string& table_path) {
  const std::string config = description_path.empty()
                                 ? (fs::path(table_path).parent_path() / "m3-air.yaml").string()
                                 : description_path;
  return fmt::format(
      "regenerate it with `anesim characterize --config {}`, or ask with --exact "
      "(Python: exact=True) to simulate",
      config);
}

}  // namespace

std::string table_path_for(const std::string& description_path) {
  if (description_path.empty()) {
    // Where the data is does not change while the process runs.
    static const std::string builtin = [] {
      const std::string data = data_directory();
      return data.empty() ? ""
                          : (fs::path(data) / "configs" / "chips" / "m3-air.table.json").string();
    }();
    return builtin;
  }
  fs::path p(description_path);
  if (p.extension() == ".yaml" || p.extension() == ".yml") p.replace_extension();
  return p.string() + ".table.json";
}

std::shared_ptr<const TimingTable> find_timing_table(const std::string& description_path,
                                                     const std::string& text,
                                                     const MachineConfig& cfg) {
  const std::string path = table_path_for(description_path);
  if (path.empty()) return nullptr;
  const FileSignature sig = file_signature(path);
  if (!sig.exists) return nullptr;
  // A compiler asks once per layer: a table is parsed once per process and
  // version of its file (path, size, modification time), then shared.
  static std::mutex parsed_mutex;
  static std::map<std::string, std::shared_ptr<const TimingTable>> parsed;
  const std::string key =
      fmt::format("{}\n{}.{}.{}.{}", path, sig.device, sig.inode, sig.size, sig.mtime_ns);
  std::shared_ptr<const TimingTable> shared;
  {
    const std::lock_guard<std::mutex> lock(parsed_mutex);
    if (const auto it = parsed.find(key); it != parsed.end()) shared = it->second;
  }
  if (!shared) {
    std::string why;
    const std::optional<std::string> table_text =
        read_regular_file(path, kMaxTableBytes, "timing table", why);
    if (!table_text) {
      throw ConfigError(
          fmt::format("{}: {}; {}", printable(path), why, regenerate(description_path, path)));
    }
    try {
      shared = std::make_shared<const TimingTable>(parse_timing_table(*table_text, path));
      check_table_physics(*shared, cfg, path);
    } catch (const InputError& e) {
      throw ConfigError(fmt::format("{}; {}", e.what(), regenerate(description_path, path)));
    }
    const std::lock_guard<std::mutex> lock(parsed_mutex);
    parsed[key] = shared;
  }
  const TimingTable& t = *shared;
  const std::string hash = description_hash(text, description_path);
  if (t.description_hash != hash) {
    std::string why;
    const std::optional<std::string> file_text =
        description_path.empty()
            ? std::optional<std::string>(kBuiltinConfigYaml)
            : read_text_file(description_path, kMaxTableBytes, "config file", why);
    // An edited copy (Python's with_overrides) is simulated and cached instead.
    if (!file_text || *file_text != text) return nullptr;
    throw ConfigError(
        fmt::format("{}: made from another version of {} or of a file it stands on (merged "
                    "description {}, now {}); {}",
                    path, description_path.empty() ? "the built-in description" : description_path,
                    t.description_hash, hash, regenerate(description_path, path)));
  }
  if (t.model_version != kModelVersion) {
    throw ConfigError(
        fmt::format("{}: made by another version of the model code ({}, this build is "
                    "{}); {}",
                    path, t.model_version, kModelVersion, regenerate(description_path, path)));
  }
  return shared;
}

}  // namespace anesim
