// The library's FieldErrors (src/anesim/io/errors.h) in the command line's words:
// each field spelled as its option (task_lines: --task-lines) and the
// refused value as the user typed it ('0x11', not 17). The one place the
// command line renders them.
#pragma once

#include <map>
#include <string>

#include <anesim/io/errors.h>

namespace anesim {

// A request field's name -> the option text it came from.
using TypedText = std::map<std::string, std::string>;

std::string cli_message(const FieldError& e, const TypedText& typed);

// Runs `call` (a library call); a FieldError leaves as a UsageError with
// cli_message's text.
template <class Call>
decltype(auto) call_library(const TypedText& typed, Call&& call) {
  try {
    return call();
  } catch (const FieldError& e) {
    throw UsageError(cli_message(e, typed));
  }
}

}  // namespace anesim
