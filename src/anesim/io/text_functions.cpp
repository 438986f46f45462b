#include <anesim/io/text_functions.h>

#include <fmt/format.h>

namespace anesim {

namespace {

// The length of the valid UTF-8 sequence of 2..4 bytes at `i` that is not a
// C1 control (U+0080..U+009F), or 0.
size_t utf8_sequence(const std::string& text, size_t i) {
  const auto byte = [&](size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char lead = byte(i);
  size_t len = 0;
  uint32_t cp = 0;
  if (lead >= 0xc2 && lead <= 0xdf) {
    len = 2;
    cp = lead & 0x1fu;
  } else if (lead >= 0xe0 && lead <= 0xef) {
    len = 3;
    cp = lead & 0x0fu;
  } else if (lead >= 0xf0 && lead <= 0xf4) {
    len = 4;
    cp = lead & 0x07u;
  } else {
    return 0;
  }
  if (i + len > text.size()) {
    return 0;
  }
  for (size_t k = 1; k < len; ++k) {
    if ((byte(i + k) & 0xc0u) != 0x80u) {
      return 0;
    }
    cp = (cp << 6) | (byte(i + k) & 0x3fu);
  }
  const bool overlong = (len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000);
  const bool surrogate = cp >= 0xd800 && cp <= 0xdfff;
  if (overlong || surrogate || cp > 0x10ffff || cp <= 0x9f) {
    return 0;
  }
  return len;
}

}  // namespace

std::string printable(const std::string& text, size_t max_chars) {
  std::string out;
  size_t i = 0;
  for (; i < text.size() && i < max_chars;) {
    const auto ch = static_cast<unsigned char>(text[i]);
    if (ch >= 0x20 && ch < 0x7f) {
      out += static_cast<char>(ch);
      ++i;
    } else if (const size_t len = ch >= 0x80 ? utf8_sequence(text, i) : 0; len != 0) {
      out.append(text, i, len);
      i += len;
    } else {
      out += fmt::format("\\x{:02x}", ch);
      ++i;
    }
  }
  return i < text.size() ? out + "..." : out;
}

std::vector<std::string> split_text(const std::string& text, char separator) {
  std::vector<std::string> parts;
  size_t start = 0;
  while (true) {
    const size_t at = text.find(separator, start);
    parts.push_back(text.substr(start, at == std::string::npos ? at : at - start));
    if (at == std::string::npos) {
      return parts;
    }
    start = at + 1;
  }
}

bool ends_with(const std::string& text, const std::string& tail) {
  return text.size() >= tail.size() &&
         text.compare(text.size() - tail.size(), tail.size(), tail) == 0;
}

std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\r\n") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

std::string terminal_text(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  size_t from = 0;
  while (from <= text.size()) {
    const size_t nl = text.find('\n', from);
    const size_t to = nl == std::string::npos ? text.size() : nl;
    out += printable_whole(text.substr(from, to - from));
    if (nl == std::string::npos) break;
    out += '\n';
    from = nl + 1;
  }
  return out;
}

}  // namespace anesim
