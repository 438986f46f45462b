// The anesim command line, parsed and run: what sc_main does (main.cpp).
#pragma once

namespace anesim {

// Parses argv, runs the plain run or the subcommand given, and returns the
// process's exit code (docs/cli.md). Errors are one line on stderr.
int run_command_line(int argc, char* argv[]);

}  // namespace anesim
