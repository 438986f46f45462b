// Machine descriptions as overlays: a file that says `base: NAME` (a chip of
// configs/chips/registry.yaml) or `base: FILE` (relative to the file's
// folder) holds only the keys that differ from its base. The reader merges
// it over the base, section by section, and then checks the result as
// strictly as any description; a base is read (and checked) on its own
// first, so a bad base names its own file.
#pragma once

#include <yaml-cpp/yaml.h>

#include <string>
#include <vector>

namespace anesim {

// Keys counted in cycles of dram.clock_mhz (or at power.start_clock_mhz)
// that are not DRAM timings: an overlay that changes dram.clock_mhz and
// does not set one of these inherits it scaled by the clock ratio, so that
// the base's fabric latency, port rate, dispatch and boost keep their time
// in ns (and power.start_clock_mhz its fraction of the clock).
extern const std::vector<std::string> kClockScaledKeys;

// Bases a description may stand on, one over another (the shipped chips
// use one): a longer chain is refused, naming the file and its base.
constexpr size_t kMaxBaseChain = 8;

// `root` with its base merged in, the `base` key removed; `root` itself
// when it names no base. `origin` is the file's name (bases given as paths
// are found relative to it); `chain` the files being read, for cycles.
// Throws ConfigError naming the file, line and field.
YAML::Node merge_over_base(const YAML::Node& root, const std::string& origin,
                           std::vector<std::string>& chain);

// The full text of a description: `text` itself without a base, else the
// merged document as YAML (what Python's Config shows and patches).
std::string resolved_config_text(const std::string& text, const std::string& origin);

// `text` with a base given as a relative file name rewritten as an absolute
// one, so that the text still finds its base when written elsewhere (the
// candidates `anesim calibrate` writes to its scratch folder).
std::string with_anchored_base(const std::string& text, const std::string& origin);

// The files the description at `path` stands on, its base first; sets
// `names_a_chip` when a base is named as a chip (the registry is read too).
// Throws ConfigError as the reader would for a base that is missing or bad.
std::vector<std::string> base_files(const std::string& path, bool& names_a_chip);
// The same for a description's text read from `origin`.
std::vector<std::string> base_files_of_text(const std::string& text, const std::string& origin,
                                            bool& names_a_chip);

// What a description's derived data (its timing table, its cache entries)
// is keyed by: its own text when it names no base, else the description
// merged from its whole chain, as YAML. An edit to any file of the chain
// changes it; the names of the files do not.
std::string merged_description_text(const std::string& text, const std::string& origin);

}  // namespace anesim
