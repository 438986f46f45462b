// `anesim advise`: which of a model's kernel-DMA transfers hit the 1 MiB
// notch, the split along Cin that clears each, and the decode speed before
// and after (docs/advise.md). Also one shape: --cin D --cout N.
#pragma once

#include <CLI/CLI.hpp>

#include <optional>
#include <string>

namespace anesim {

struct AdviseOptions {
  std::string model;
  std::string cin, cout;
  std::optional<std::string> dtype;  // given, even as "" (refused)
  std::string kernel, groups;
  std::string config;
  std::string chips;  // --chip A,B,... or all: fleet advice; "" = one machine
  std::string jobs = "2";
  bool json = false;
  std::string csv;
  bool exact = false;
  std::string simulate = "auto";  // or "never": the timing table alone
  std::string batch;              // JSON lines of questions ("-": standard input)
};

CLI::App* add_advise_command(CLI::App& app, AdviseOptions& opt);
int advise_command(const AdviseOptions& opt);

}  // namespace anesim
