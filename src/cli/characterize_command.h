// `anesim characterize`: a machine description's timing table, simulated
// once and written beside it for advise to read (docs/advise.md).
#pragma once

#include <CLI/CLI.hpp>

#include <string>

namespace anesim {

struct CharacterizeOptions {
  std::string config;
  std::string out;
  std::string jobs = "2";
};

CLI::App* add_characterize_command(CLI::App& app, CharacterizeOptions& opt);
int characterize_command(const CharacterizeOptions& opt);

}  // namespace anesim
