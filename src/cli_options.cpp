#include "src/cli_options.h"

namespace anesim {

const CLI::Validator& file_name_check() {
  static const CLI::Validator check(
      [](std::string& s) {
        return s.empty() ? std::string("expected a file name, got an empty string")
                         : std::string();
      },
      "FILE", "FileName");
  return check;
}

CLI::Option* add_config_option(CLI::App& cmd, std::string& path) {
  return cmd
      .add_option("--config", path, "machine description YAML (default: built-in M3 Air)")
      ->check(file_name_check());
}

}  // namespace anesim
