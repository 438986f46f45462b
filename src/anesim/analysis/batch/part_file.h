// Part files: the rows one shard of a sweep or a replay wrote (`--shard
// I/N`), behind a header that says which batch and which shard they are, so
// that `anesim merge` can refuse parts of different batches, a missing shard
// or a shard given twice. Format (docs/slurm.md):
//
//   # anesim sweep part 1        kind ("sweep", "replay") and format version
//   # sweep: axis=lines ...      the batch: every line below except
//   # config: ane_cores=16 ...   `config_name`, `shard` and `rows` must be
//   # points: 130                equal in all parts of one merge
//   # config_name: NAME          the config's name for titles (shard 1's wins)
//   # shard: 2/4
//   # rows: 33
//   point,COLUMNS...             point = the row's index in the whole batch
//   ROWS, ascending by point
//   # rows_fnv1a: HEX            FNV-1a 64 of the ROWS text: an edited row
//                                or a part cut short is refused
//
// Header values escape `\` and control bytes as `\\` and `\xNN`.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include <anesim/analysis/batch/shard.h>
#include <sim/base/machine_config.h>

namespace anesim {

using HeaderLines = std::vector<std::pair<std::string, std::string>>;

struct PartRow {
  int line = 0;  // in the file, for messages
  size_t point = 0;
  std::vector<std::string> fields;  // the columns after `point`
};

struct PartFile {
  std::string path;
  std::string kind;
  HeaderLines batch;  // the lines that identify the batch, values unescaped
  std::string config_name;
  uint64_t points = 0;
  Shard shard;
  std::vector<std::string> columns;  // after `point`
  std::vector<PartRow> rows;

  // The value of batch key `key` (the first one); throws InputError when absent.
  const std::string& value(const std::string& key) const;
  // Throws InputError "path:line: what" (no line when 0).
  [[noreturn]] void fail(int line, const std::string& what) const;
};

// The header and the column line of a part, ending in a newline.
std::string part_header(const std::string& kind, const HeaderLines& batch,
                        const std::string& config_name, uint64_t points, const Shard& shard,
                        size_t rows, const std::string& columns);

// `part`: a header and its rows, with the rows' checksum line appended.
std::string seal_part(std::string part);

// Reads and checks one part: the header, the column count of every row, each
// row's point within the batch, in this shard and ascending, and the row
// count the shard must have, and the rows' checksum. Throws InputError naming the file and line.
PartFile read_part_file(const std::string& path);

// Checks that `parts` are all the shards of one batch, each once: the same
// kind, the same batch lines, the same shard count, no shard twice, none
// missing. Throws InputError naming the parts. Returns the parts by shard.
std::vector<const PartFile*> one_sharding(const std::vector<PartFile>& parts);

// The batch lines for the machine: cores (for the ANE-wide throughput) and
// a fingerprint of the config text (the file at `path`, or the built-in one
// when it is empty).
std::pair<std::string, std::string> config_identity(const MachineConfig& cfg,
                                                    const std::string& path);
// FNV-1a 64 of `text`, as 16 hex digits.
std::string text_fingerprint(const std::string& text);

// Reads a part's number fields; throw InputError naming file, line and column.
uint64_t part_count(const PartFile& f, const PartRow& r, size_t column, uint64_t max);
int64_t part_integer(const PartFile& f, const PartRow& r, size_t column);
double part_number(const PartFile& f, const PartRow& r, size_t column);

}  // namespace anesim
