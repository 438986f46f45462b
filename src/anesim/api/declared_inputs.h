// Every file a request reads, not only the ones it names: a description's
// bases, the chip registry, its timing table, a model's config.json, the
// shards its index lists, a compiled program's files, and the result cache.
// The output gate (src/anesim/io/path_identity.h) checks each output against all
// of them before anything runs, so that no output replaces an input.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include <anesim/io/path_identity.h>

namespace anesim::api {

// What a request declares is looked up only when an output is checked
// against it: a request that writes no file (most advise calls) reads no
// base or index twice.
class DeclaredInputs {
 public:
  // A machine description ("" = the built-in one), `option` as the user
  // gave it; with `with_table`, the timing table advise would read.
  void description(const std::string& config_path, const std::string& option,
                   bool with_table = true);
  // Only the files the description stands on (its bases and the registry)
  // and its timing table: what `calibrate --out` may not replace, the
  // description itself being refitted in place.
  void bases_of(const std::string& config_path, const std::string& option);
  void table_of(const std::string& config_path, const std::string& option);
  // A model: a preset name has no file; a file brings what it leads to.
  void model(const std::string& model, const std::string& option);
  void file(const std::string& path, const std::string& option);
  // Every regular file under `folder` (a traces folder, a program's folder).
  void folder(const std::string& folder, const std::string& option);
  // Every file declared, looked up now.
  const std::vector<NamedPath>& paths() const;

 private:
  void later(std::function<void(std::vector<NamedPath>&)> find) {
    pending_.push_back(std::move(find));
  }
  mutable std::vector<std::function<void(std::vector<NamedPath>&)>> pending_;
  mutable std::vector<NamedPath> paths_;
};

// Refuses (UsageError / FieldError) an output that is one of `inputs`,
// another output, or a file inside the result cache; before any simulation.
void refuse_overwriting_inputs(const DeclaredInputs& inputs, const std::vector<NamedPath>& outputs);

}  // namespace anesim::api
