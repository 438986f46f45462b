// Which timing table answers for a machine description: the one beside its
// file (configs/chips/m4.yaml -> configs/chips/m4.table.json; the built-in M3 Air ->
// the shipped configs/chips/m3-air.table.json), used only when it was made from
// this very text by this very model code (docs/advise.md).
#pragma once

#include <memory>
#include <string>

#include <anesim/analysis/tables/timing_table.h>

namespace anesim {

// "" for the built-in description: the shipped m3-air table's path ("" when
// no data directory is found).
std::string table_path_for(const std::string& description_path);

// The description's table, or null when it has none. `description_path`:
// its file ("" = built-in); `text`: the description simulated; `cfg`: the
// machine read from it. A text that differs from the file (a copy with
// overrides) has no table. Throws ConfigError, saying how to regenerate it,
// for a table that does not parse, fails its checksum or physics
// (check_table_physics), or was made from another version of the merged
// description (the file or any base it stands on) or of the model code.
std::shared_ptr<const TimingTable> find_timing_table(const std::string& description_path,
                                                     const std::string& text,
                                                     const MachineConfig& cfg);

}  // namespace anesim
