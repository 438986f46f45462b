// `anesim bench`: simulation speed, measured side by side in one process:
// the full SystemC testbench against the same 16 Verilated rings clocked
// bare in a plain C++ loop (no fabric, no DRAM, no SystemC).
#pragma once

#include <CLI/CLI.hpp>

#include <string>

namespace anesim {

struct BenchOptions {
  std::string variant = "bug";
  std::string lines = "0x4000";
  std::string config;
  bool json = false;
};

CLI::App* add_bench_command(CLI::App& app, BenchOptions& opt);
int bench_command(const BenchOptions& opt);

}  // namespace anesim
