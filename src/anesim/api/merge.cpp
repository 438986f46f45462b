#include <anesim/api/merge.h>

#include <anesim/analysis/replay/replay_parts.h>
#include <anesim/analysis/sweep/sweep_parts.h>

namespace anesim::api {

std::vector<PartFile> read_parts(const std::vector<std::string>& paths) {
  std::vector<PartFile> parts;
  for (const std::string& path : paths) {
    parts.push_back(read_part_file(path));
  }
  return parts;
}

SweepResult merge_sweep(const std::vector<PartFile>& parts) { return merge_sweep_parts(parts); }

ReplayResult merge_replay(const std::vector<PartFile>& parts) { return merge_replay_parts(parts); }

}  // namespace anesim::api
