// How a command line CLI11 cannot parse is reported: one line after
// "anesim: error:", like every other error (docs/cli.md), naming the
// subcommand's help. CLI11's own wording is kept where it is clear
// ("--cin requires --cout"); an unexpected argument is listed in the order
// it was given (CLI11 lists it reversed), and a missing positional says
// what to give.
#pragma once

#include <string>

namespace CLI {
class App;
class Error;
}  // namespace CLI

namespace anesim {

// For CLI::App::failure_message: the text app.exit() prints on stderr.
std::string usage_failure_message(const CLI::App* app, const CLI::Error& e);

}  // namespace anesim
