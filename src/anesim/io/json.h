// JSON through one library (nlohmann-json) for everything anesim writes and
// reads: run, bench, replay and sweep reports, and the parent reading a
// child simulation's result. Keys keep the order they were set in.
#pragma once

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <cstdlib>
#include <string>

#include <anesim/io/text_functions.h>

namespace anesim {

using Json = nlohmann::ordered_json;

// `value` rounded to `decimals` places as printf would print it (ties to
// even on the exact binary value): reports carry the precision they promise
// (time_us to 0.1 ns), and every reader sees the same value as the CSV.
inline double rounded(double value, int decimals) {
  return std::strtod(fmt::format("{:.{}f}", value, decimals).c_str(), nullptr);
}

// `j` with every string (keys too) through printable_whole(): the one
// escaping function, so a NUL, a terminal escape or bytes that are not
// UTF-8 (a file name) neither cut the output nor make the writer throw.
inline Json with_printable_strings(const Json& j) {
  if (j.is_string()) {
    return printable_whole(j.get_ref<const std::string&>());
  }
  if (j.is_object()) {
    Json o = Json::object();
    for (const auto& item : j.items()) {
      o[printable_whole(item.key())] = with_printable_strings(item.value());
    }
    return o;
  }
  if (j.is_array()) {
    Json a = Json::array();
    for (const Json& v : j) {
      a.push_back(with_printable_strings(v));
    }
    return a;
  }
  return j;
}

// A JSON library error as a user reads it: "line 3, column 7: ..." without
// the library's "[json.exception.parse_error.101] parse error at" tag,
// through printable(). Without `place`, also without "line 1, column 3: "
// (for a caller that names the place itself).
inline std::string json_error_reason(const nlohmann::detail::exception& e, bool place = true) {
  std::string text = e.what();
  if (text.rfind("[json.exception.", 0) == 0) {
    const size_t close = text.find("] ");
    text = close == std::string::npos ? text : text.substr(close + 2);
  }
  for (const char* tag : {"parse error at ", "parse error: "}) {
    if (text.rfind(tag, 0) == 0) {
      text = text.substr(std::string(tag).size());
    }
  }
  const size_t colon = text.find(": ");
  if (!place && text.rfind("line ", 0) == 0 && colon != std::string::npos) {
    text = text.substr(colon + 2);
  }
  return printable(text, 200);
}

// JSON text as anesim writes it (indent < 0: one line).
inline std::string json_text(const Json& j, int indent = -1) {
  return with_printable_strings(j).dump(indent);
}

// One line of JSON and a newline, as anesim prints it.
inline std::string json_line(const Json& j) { return json_text(j) + "\n"; }

}  // namespace anesim
