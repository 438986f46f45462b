// JSON through one library (nlohmann-json) for everything anesim writes and
// reads: run, bench, replay and sweep reports, and the parent reading a
// child simulation's result. Keys keep the order they were set in.
#pragma once

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <cstdlib>
#include <string>

namespace anesim {

using Json = nlohmann::ordered_json;

// `value` rounded to `decimals` places as printf would print it (ties to
// even on the exact binary value): reports carry the precision they promise
// (time_us to 0.1 ns), and every reader sees the same value as the CSV.
inline double rounded(double value, int decimals) {
  return std::strtod(fmt::format("{:.{}f}", value, decimals).c_str(), nullptr);
}

// One line of JSON and a newline, as anesim prints it.
inline std::string json_line(const Json& j) { return j.dump() + "\n"; }

}  // namespace anesim
