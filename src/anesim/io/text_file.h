// Reads a whole input file of bounded size (a config, a model description,
// a trace). Refuses directories and files over the limit unread, so that a
// wrong path gives one clear message instead of a huge parse error.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

namespace anesim {

// The file's text, or nothing with `why` set ("cannot open ...: reason",
// "... too large (more than N bytes)"); `kind` names the file in `why`
// ("config file", "trace file", ...).
std::optional<std::string> read_text_file(const std::string& path, size_t max_bytes,
                                          const std::string& kind, std::string& why);

// The same for a file anesim found rather than was given (a cache entry, a
// timing table, a shard an index names): only a regular file is read, never
// a device, FIFO or socket, wherever a link leads; its size is checked
// before a byte is read.
std::optional<std::string> read_regular_file(const std::string& path, size_t max_bytes,
                                             const std::string& kind, std::string& why);

}  // namespace anesim
