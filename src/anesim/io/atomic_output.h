// Output files appear whole or not at all: each is written to a temporary
// name in the target's directory and renamed into place; a write-through
// output (src/anesim/io/output_kind.h) gets its temporary under $TMPDIR and is
// copied into the stream it names. Temporaries still registered when a
// terminating signal arrives are removed before the process exits
// (src/anesim/io/signal_cleanup.h).
#pragma once

#include <string>

namespace anesim {

// The directory part of `path` ("." when it has none).
std::string parent_directory(const std::string& path);
// A fresh temporary name beside `target`, ending in `suffix` (e.g. ".vcd"),
// registered for cleanup on a signal. The registered name is the returned
// name exactly: append nothing to it.
std::string temporary_path_for(const std::string& target, const std::string& suffix = "");
// Removes `tmp` (if it exists) and unregisters it.
void discard_temporary(const std::string& tmp);
// Throws OutputError naming `target` when its directory is missing or
// not writable, so that a run fails before it spends time simulating.
void check_writable_directory(const std::string& target);
// Renames `tmp` onto `target` (copies it into a write-through target) and
// unregisters it; throws on failure (and removes `tmp`).
void commit_temporary(const std::string& tmp, const std::string& target);
// Writes `content` to `path` atomically; throws OutputError on failure.
void write_file_atomically(const std::string& path, const std::string& content);
// install_signal_cleanup() (src/anesim/io/signal_cleanup.h), for the command line.
void install_output_cleanup_on_signal();

}  // namespace anesim
