// What kind of thing an output path names, and so how it is written. A new
// or regular file is written to a temporary and renamed into place (atomic).
// A stream the user names on purpose (/dev/stdout, "-", /dev/fd/N, a
// character device such as /dev/null, a FIFO) is written through: opened
// and written, never created, truncated or renamed over. Anything else that
// exists is refused (OutputError, exit 4): a directory, a block device, a
// socket, and a symbolic link to a file (anesim never replaces a link nor
// renames over its target behind it; give the target's own path).
#pragma once

#include <string>

namespace anesim {

enum class OutputKind { kFile, kWriteThrough };

// Throws OutputError naming `path` when it may not be written.
OutputKind output_kind(const std::string& path);

inline bool writes_through(const std::string& path) {
  return output_kind(path) == OutputKind::kWriteThrough;
}

// The descriptor a write-through path names by number ("-" and /dev/stdout:
// 1, /dev/stderr: 2, /dev/fd/N and /proc/self/fd/N: N), or -1.
int named_descriptor(const std::string& path);

// Copies the file `from` to the write-through output `target`; returns 0 or
// the errno of the step that failed.
int copy_through(const std::string& from, const std::string& target);

}  // namespace anesim
