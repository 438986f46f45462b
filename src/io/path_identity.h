// Refuses, before anything runs, a command whose output would destroy one
// of its inputs or another of its outputs. Files are compared by device and
// inode, not by spelling: "./c.yaml", "c.yaml" and a hard link are one file.
// An output that does not exist yet is compared by its directory's device
// and inode and its last name.
#pragma once

#include <string>
#include <vector>

namespace anesim {

struct NamedPath {
  std::string option;  // how the user gave it: "--csv", "trace file", or a field_mark
  std::string path;    // "" is skipped (the option was not given)
};

// Throws UsageError naming both options and paths when an output is the
// same file as an input, or two outputs are the same file.
void refuse_overlapping_paths(const std::vector<NamedPath>& inputs,
                              const std::vector<NamedPath>& outputs);

}  // namespace anesim
