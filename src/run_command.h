// `anesim [run options]`: one simulation of one workload.
#pragma once

#include <CLI/CLI.hpp>

#include <string>

namespace anesim {

struct RunOptions {
  std::string variant = "bug";
  std::string lines;
  std::string cin;
  std::string cout;
  std::string cores;
  std::string split = "1";
  std::string base_line = "0";
  std::string config;
  bool json = false;
  std::string vcd;
  std::string fst;
  std::string wave_from;
  std::string wave_cycles;  // empty: 20000
  bool no_idle_skip = false;
};

void add_run_options(CLI::App& app, RunOptions& opt);
// Runs the simulation and prints its report; returns the exit code.
// Throws UsageError / ConfigError / std::runtime_error on bad input.
int run_command(const RunOptions& opt);

struct SimulationOutcome;
struct ModelConfig;
// kExitSimulationFailed, with one message on stderr per cause, when the run
// hit max_cycles, an RTL assertion fired or the scoreboard counted a lost
// line; kExitOk otherwise.
int failure_exit_code(const SimulationOutcome& outcome, const ModelConfig& cfg);

}  // namespace anesim
