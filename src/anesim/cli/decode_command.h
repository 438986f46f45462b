// `anesim decode`: one decoded token of a model simulated as one run,
// before and after a split policy, and where the step's time goes
// (docs/decode.md).
#pragma once

#include <CLI/CLI.hpp>

#include <optional>
#include <string>

namespace anesim {

struct DecodeOptions {
  std::string model;
  std::optional<std::string> dtype;  // given, even as "" (refused)
  std::string config;
  std::string split = "advised";  // none | advised | FILE
  std::string programs = "1";
  std::string jobs = "2";
  bool json = false;
  std::string csv;
  std::string timeline;  // FILE.svg
};

CLI::App* add_decode_command(CLI::App& app, DecodeOptions& opt);
int decode_command(const DecodeOptions& opt);

}  // namespace anesim
