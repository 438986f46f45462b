#include <anesim/cli/chips_command.h>

#include <cstdio>
#include <string>

#include <fmt/format.h>

#include <anesim/api/chips.h>
#include <anesim/cli/exit_codes.h>

namespace anesim {

CLI::App* add_chips_command(CLI::App& app, ChipsOptions& opt) {
  CLI::App* cmd = app.add_subcommand(
      "chips",
      "list the chips --chip accepts: Neural Engine, memory, peak, ring, verdict on the "
      "notch, confidence, evidence (docs/chips.md)");
  cmd->add_flag("--json", opt.json, "print a JSON list of objects instead of the table");
  return cmd;
}

int chips_command(const ChipsOptions& opt) {
  const Json chips = api::chips_json();
  std::string text;
  if (opt.json) {
    text = with_printable_strings(chips).dump(2) + "\n";
  } else {
    text = fmt::format("{:<8} {:<4} {:<24} {:>7}  {:<15} {:<13} {:<22} {}\n", "chip", "ANE",
                       "memory", "GB/s", "ring", "notch", "confidence", "evidence");
    for (const Json& c : chips) {
      const std::string notch = c["affected"].is_null()     ? "unknown"
                                : c["affected"].get<bool>() ? "affected"
                                                            : "not affected";
      text += fmt::format("{:<8} {:<4} {:<24} {:>7.1f}  {:<15} {:<13} {:<22} {}\n",
                          c["name"].get<std::string>(), c["generation"].get<std::string>(),
                          c["memory"].get<std::string>(), c["peak_gbps"].get<double>(),
                          c["ring"].get<std::string>(), notch, c["confidence"].get<std::string>(),
                          c["evidence"].get<std::string>());
    }
  }
  if (std::fputs(text.c_str(), stdout) < 0 || std::fflush(stdout) != 0) {
    std::fprintf(stderr, "anesim chips: error: cannot write to standard output\n");
    return kExitOutput;
  }
  return kExitOk;
}

}  // namespace anesim
