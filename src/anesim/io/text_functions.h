// Text from a user or a file as messages, summaries and JSON show it: the
// one escaping function for user-supplied strings. Control bytes (NUL, ESC,
// newlines, C1 controls), DEL and bytes that are not valid UTF-8 become
// \xNN; valid UTF-8 stays as it is; long text is cut. So every message stays
// one line, a terminal sees no escape sequence, and JSON sees valid UTF-8.
// Escaping twice changes nothing more.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace anesim {

std::string printable(const std::string& text, size_t max_chars = 200);
// Without the cut (file names in JSON, whole messages).
inline std::string printable_whole(const std::string& text) { return printable(text, SIZE_MAX); }

// A whole report for the terminal: each line through printable_whole, the
// line breaks kept. What a command prints as text goes through it last, so
// that a name no formatter escaped still reaches no terminal raw.
std::string terminal_text(const std::string& text);

// A CSV field (RFC 4180), quoted when it holds a separator, a quote or a
// line break; quotes inside are doubled.
std::string csv_field(const std::string& s);

// `text` cut at every `separator` ("a,,b" gives "a", "", "b"; "" gives "").
std::vector<std::string> split_text(const std::string& text, char separator);

bool ends_with(const std::string& text, const std::string& tail);

}  // namespace anesim
