// Exit codes of the anesim command (docs/cli.md lists them for users).
#pragma once

namespace anesim {

constexpr int kExitOk = 0;
constexpr int kExitSimulationFailed = 1;  // lines lost, RTL assertion, max_cycles hit
constexpr int kExitUsage = 2;             // a bad option or option value
constexpr int kExitConfig = 3;            // a bad --config file
constexpr int kExitOutput = 4;            // an output file could not be written
constexpr int kExitInput = 5;             // a bad input file other than the config
constexpr int kExitValidation = 6;        // replay: overall MAPE above --max-mape

}  // namespace anesim
