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

// The one gate every output passes before anything runs (each request of
// src/anesim/api/ declares its inputs and outputs here). Throws OutputError for an
// output that may not be written (src/anesim/io/output_kind.h: a directory, a
// device other than a stream, a socket, a link to a file), and UsageError
// naming both options and paths when an output is the same file as an
// input, as another output, or as the file standard output is redirected
// to (once count_stdout_as_output() was called).
void refuse_overlapping_paths(const std::vector<NamedPath>& inputs,
                              const std::vector<NamedPath>& outputs);

// Refuses (FieldError) an output that lies anywhere inside `folder` (the
// result cache: any of its files may be read).
void refuse_outputs_inside(const NamedPath& folder, const std::vector<NamedPath>& outputs);

// The command line prints to standard output: from now on it counts as an
// output of every request.
void count_stdout_as_output();

}  // namespace anesim
