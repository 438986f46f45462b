// JSON text helpers for the reports anesim prints (no JSON library needed
// for flat objects of numbers and strings).
#pragma once

#include <string>

namespace anesim {

// `s` as a quoted JSON string, with quotes, backslashes and control
// characters escaped.
std::string json_string(const std::string& s);

}  // namespace anesim
