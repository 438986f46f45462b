// Exit codes of the anesim command (docs/cli.md lists them for users), and
// the rules that pick one.
#pragma once

#include <exception>

#include <anesim/api/machines.h>
#include <anesim/api/run.h>

namespace anesim {

constexpr int kExitOk = 0;
constexpr int kExitSimulationFailed = 1;  // lines lost, RTL assertion, max_cycles, watchdog
constexpr int kExitUsage = 2;             // a bad option or option value
constexpr int kExitConfig = 3;            // a bad --config file
constexpr int kExitOutput = 4;            // an output file could not be written
constexpr int kExitInput = 5;             // a bad input file other than the config
constexpr int kExitValidation = 6;        // replay: overall MAPE above --max-mape
constexpr int kExitNeedsSimulation = 7;   // advise --simulate never: the table does not answer

// kExitSimulationFailed, with one message on stderr per cause, when the run
// hit max_cycles, an RTL assertion fired or the scoreboard counted a lost
// line; kExitOk otherwise.
int failure_exit_code(const SimulationOutcome& outcome, const MachineConfig& cfg);

// The exit code of `e`: UsageError 2, ConfigError 3, OutputError 4,
// InputError 5, NeedsSimulation 7, anything else 1.
int error_exit_code(const std::exception& e);
// Prints `e` as one line on stderr and returns its exit code.
int report_error(const std::exception& e);

// Standard output is an output: flushes it and, when any write to it failed
// (a full disk, a closed pipe with SIGPIPE ignored), says so on stderr and
// turns a successful `rc` into kExitOutput.
int check_standard_output(int rc);

}  // namespace anesim
