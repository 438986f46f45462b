#include <anesim/machine/config_patch.h>

#include <yaml-cpp/yaml.h>

#include <fmt/format.h>

#include <anesim/io/errors.h>
#include <anesim/io/text_functions.h>
#include <anesim/io/yaml_text.h>

namespace anesim {

namespace {

constexpr const char* kNoteBegin = "# --- anesim calibrate ---";
constexpr const char* kNoteEnd = "# --- end of anesim calibrate ---";

// Byte range of the plain scalar that holds `key`'s value.
struct ValueSpan {
  size_t begin = 0;
  size_t end = 0;
};

ValueSpan value_span(const std::string& text, const std::string& origin, const std::string& key) {
  YAML::Node node;
  try {
    node = load_one_yaml_document(text);
  } catch (const YAML::Exception& e) {
    throw ConfigError(fmt::format("{}: not valid YAML: {}", origin, printable(e.msg)));
  }
  for (const std::string& part : split_text(key, '.')) {
    if (!node.IsMap() || !node[part]) {
      throw ConfigError(fmt::format("{}: {}: no such key", origin, printable(key, 80)));
    }
    node = node[part];
  }
  if (!node.IsScalar()) {
    throw ConfigError(fmt::format("{}: {}: not a single value", origin, printable(key, 80)));
  }
  ValueSpan span;
  span.begin = static_cast<size_t>(node.Mark().pos);
  const char quote = span.begin < text.size() ? text[span.begin] : '\0';
  if (quote == '"' || quote == '\'') {
    // A quoted text value (Python's with_overrides writes one): up to its
    // closing quote, past escaped ones (\" or '').
    for (size_t i = span.begin + 1; i < text.size(); ++i) {
      if (quote == '"' && text[i] == '\\') {
        ++i;
      } else if (text[i] == quote &&
                 !(quote == '\'' && i + 1 < text.size() && text[i + 1] == '\'')) {
        span.end = i + 1;
        return span;
      } else if (quote == '\'' && text[i] == quote) {
        ++i;
      }
    }
    throw ConfigError(fmt::format("{}: {}: unterminated quoted value", origin, key));
  }
  span.end = text.find_first_of(" \t\r\n#", span.begin);
  if (span.end == std::string::npos) {
    span.end = text.size();
  }
  if (text.compare(span.begin, span.end - span.begin, node.Scalar()) != 0) {
    // A quoted or multi-line value: not something calibrate writes.
    throw ConfigError(fmt::format("{}: {}: the value must be a plain number", origin, key));
  }
  return span;
}

}  // namespace

std::string config_value_text(const std::string& text, const std::string& origin,
                              const std::string& key) {
  const ValueSpan span = value_span(text, origin, key);
  return text.substr(span.begin, span.end - span.begin);
}

std::string with_config_values(const std::string& text, const std::string& origin,
                               const std::map<std::string, std::string>& values) {
  std::string out = text;
  for (const auto& [key, value] : values) {
    const ValueSpan span = value_span(out, origin, key);
    // Keep a comment after the value in its column: a longer value takes
    // spaces from the gap (leaving one), a shorter one gives them back.
    const size_t old_size = span.end - span.begin;
    size_t gap = 0;
    while (span.end + gap < out.size() && out[span.end + gap] == ' ') {
      ++gap;
    }
    const bool comment = span.end + gap < out.size() && out[span.end + gap] == '#' && gap > 0;
    out.replace(span.begin, old_size, value);
    if (comment) {
      const size_t after = span.begin + value.size();
      const size_t want = old_size + gap > value.size() + 1 ? old_size + gap - value.size() : 1;
      out.replace(after, gap, want, ' ');
    }
  }
  return out;
}

std::string with_inserted_key(const std::string& text, const std::string& origin,
                              const std::string& key, const std::string& value) {
  const std::vector<std::string> parts = split_text(key, '.');
  bool present = true;
  try {
    value_span(text, origin, key);
  } catch (const ConfigError&) {
    present = false;
  }
  if (parts.size() != 2 || present) {
    throw ConfigError(fmt::format("{}: {}: cannot add this key", origin, key));
  }
  // The section's own line: "section:" at column 0, maybe with a comment.
  const std::string head = parts[0] + ":";
  for (size_t begin = 0; begin < text.size();) {
    size_t end = text.find('\n', begin);
    end = end == std::string::npos ? text.size() : end;
    const std::string line = text.substr(begin, end - begin);
    const size_t rest = line.find_first_not_of(' ', head.size());
    if (line.compare(0, head.size(), head) == 0 &&
        (rest == std::string::npos || line[rest] == '#')) {
      const size_t at = end == text.size() ? end : end + 1;
      const std::string entry = fmt::format("  {}: {}\n", parts[1], value);
      return text.substr(0, at) + (end == text.size() ? "\n" : "") + entry + text.substr(at);
    }
    begin = end + 1;
  }
  throw ConfigError(fmt::format("{}: {}: no section '{}'", origin, key, parts[0]));
}

std::string with_header_note(const std::string& text, const std::string& note) {
  std::string body = text;
  const size_t begin = body.find(kNoteBegin);
  if (begin != std::string::npos) {
    const size_t end = body.find(kNoteEnd, begin);
    if (end != std::string::npos) {
      const size_t after = body.find('\n', end);
      body.erase(begin, after == std::string::npos ? std::string::npos : after + 1 - begin);
    }
  }
  std::string block = std::string(kNoteBegin) + "\n";
  for (const std::string& line : split_text(note, '\n')) {
    block += line.empty() ? "#\n" : "# " + line + "\n";
  }
  block += std::string(kNoteEnd) + "\n";
  return block + body;
}

std::string with_key_comment(const std::string& text, const std::string& origin,
                             const std::string& key, const std::string& comment) {
  const ValueSpan span = value_span(text, origin, key);
  const size_t line_end = text.find('\n', span.end);
  const size_t hash = text.find('#', span.end);
  std::string out = text;
  if (hash != std::string::npos && (line_end == std::string::npos || hash < line_end)) {
    // Replace an earlier calibrate comment, keep the rest after ours.
    const std::string earlier = " fitted by anesim calibrate";
    if (out.compare(hash + 1, earlier.size(), earlier) == 0) {
      const size_t semicolon = out.find(';', hash);
      if (semicolon != std::string::npos &&
          (line_end == std::string::npos || semicolon < line_end)) {
        out.erase(hash + 1, semicolon + 1 - (hash + 1));
      } else {
        // The whole comment is an earlier calibrate's (a key it added).
        out.erase(hash, (line_end == std::string::npos ? out.size() : line_end) - hash);
        out.insert(hash, "# " + comment);
        return out;
      }
    }
    out.insert(hash + 1, " " + comment + ";");
  } else {
    out.insert(line_end == std::string::npos ? out.size() : line_end, "  # " + comment);
  }
  return out;
}

}  // namespace anesim
