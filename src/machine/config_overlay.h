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

// `root` with its base merged in, the `base` key removed; `root` itself
// when it names no base. `origin` is the file's name (bases given as paths
// are found relative to it); `chain` the files being read, for cycles.
// Throws ConfigError naming the file, line and field.
YAML::Node merge_over_base(const YAML::Node& root, const std::string& origin,
                           std::vector<std::string>& chain);

// The full text of a description: `text` itself without a base, else the
// merged document as YAML (what Python's Config shows and patches).
std::string resolved_config_text(const std::string& text, const std::string& origin);

}  // namespace anesim
