// Machine descriptions read once per process (docs/advise.md, "Speed"): a
// description file, the bases it stands on, its timing table and the keys
// of its derived data are read, merged and checked on the first request
// that names it, by chip, by path or as the built-in M3 Air, and shared by
// every later request while none of those files changes. A change is seen
// through each file's signature (io/file_signature.h), not by reading it.
#pragma once

#include <memory>
#include <string>

#include <anesim/analysis/tables/timing_table.h>
#include <anesim/io/file_signature.h>
#include <sim/base/machine_config.h>

namespace anesim::api {

struct LoadedDescription {
  std::string path;  // as given; "" = built-in
  MachineConfig machine;
  std::string text;                          // the file's own text
  std::string cache_scope;                   // its on-disk cache scope (result_cache.h)
  std::shared_ptr<const TimingTable> table;  // null: it has none
  // Set when its table exists but may not answer (stale, corrupt, beyond
  // physics): the ConfigError's message, thrown by timing_table().
  std::string table_error;
  SignedFiles files;  // the description, its bases, the registry if named, the table

  // The table, or null; throws ConfigError for a table that may not answer.
  std::shared_ptr<const TimingTable> timing_table() const;
};

// The description at `path` ("" = built-in), read on first use and again
// after any of its files changes. Throws ConfigError for a bad description
// (nothing is kept then).
std::shared_ptr<const LoadedDescription> loaded_description(const std::string& path);

}  // namespace anesim::api
