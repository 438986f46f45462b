// Text from a user or a file as messages show it: control and non-ASCII
// bytes escaped, long text cut, so that every message stays one short line.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace anesim {

std::string printable(const std::string& text, size_t max_chars = 200);

// `text` cut at every `separator` ("a,,b" gives "a", "", "b"; "" gives "").
std::vector<std::string> split_text(const std::string& text, char separator);

bool ends_with(const std::string& text, const std::string& tail);

}  // namespace anesim
