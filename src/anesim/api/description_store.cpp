#include <anesim/api/description_store.h>

#include <map>
#include <mutex>

#include <anesim/analysis/tables/result_cache.h>
#include <anesim/analysis/tables/table_lookup.h>
#include <anesim/io/text_file.h>
#include <anesim/machine/builtin_config.h>
#include <anesim/machine/chip_registry.h>
#include <anesim/machine/config_overlay.h>
#include <anesim/machine/machine_config_reader.h>

namespace anesim::api {

namespace {

constexpr size_t kMaxDescriptionBytes = 16u << 20;

std::shared_ptr<const LoadedDescription> read_description(const std::string& path) {
  auto d = std::make_shared<LoadedDescription>();
  d->path = path;
  std::vector<std::string> files;
  if (path.empty()) {
    d->text = kBuiltinConfigYaml;
  } else {
    // Signatures are taken before the files are read: an edit made while
    // they are read is seen on the next request.
    bool names_a_chip = false;
    files.push_back(path);
    for (const std::string& b : base_files(path, names_a_chip)) files.push_back(b);
    if (names_a_chip) files.push_back(chip_registry_path());
    std::string why;
    const std::optional<std::string> t =
        read_text_file(path, kMaxDescriptionBytes, "config file", why);
    if (!t) throw ConfigError(why);
    d->text = *t;
  }
  const std::string table_path = table_path_for(path);
  if (!table_path.empty()) files.push_back(table_path);
  d->files = signed_files(files);
  d->machine = load_config_or_builtin(path);
  d->cache_scope = cache_scope(d->text, path);
  try {
    d->table = find_timing_table(path, d->text, d->machine);
  } catch (const ConfigError& e) {
    d->table_error = e.what();
  }
  return d;
}

}  // namespace

std::shared_ptr<const TimingTable> LoadedDescription::timing_table() const {
  if (!table_error.empty()) throw ConfigError(table_error);
  return table;
}

std::shared_ptr<const LoadedDescription> loaded_description(const std::string& path) {
  static std::mutex mutex;
  static std::map<std::string, std::shared_ptr<const LoadedDescription>> kept;
  {
    const std::lock_guard<std::mutex> lock(mutex);
    const auto it = kept.find(path);
    if (it != kept.end() && unchanged(it->second->files)) return it->second;
  }
  std::shared_ptr<const LoadedDescription> fresh = read_description(path);
  const std::lock_guard<std::mutex> lock(mutex);
  kept[path] = fresh;
  return fresh;
}

}  // namespace anesim::api
