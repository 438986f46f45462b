#include <anesim/cli/chips_command.h>

#include <cstdio>
#include <string>

#include <fmt/format.h>

#include <anesim/api/chips.h>
#include <anesim/cli/exit_codes.h>
#include <anesim/cli/field_errors.h>
#include <anesim/io/text_functions.h>

namespace anesim {

CLI::App* add_chips_command(CLI::App& app, ChipsOptions& opt) {
  CLI::App* cmd = app.add_subcommand(
      "chips",
      "list the chips --chip accepts: devices, Neural Engine generation, memory, peak, ring, "
      "verdict on the notch (its own or its generation's), confidence, evidence "
      "(docs/chips.md)");
  cmd->add_flag("--json", opt.json, "print a JSON list of objects instead of the table");
  cmd->add_option("--device", opt.device,
                  "only the chip a device ships with, by its marketing name (\"iPhone 15 Pro\")");
  return cmd;
}

int chips_command(const ChipsOptions& opt) {
  const Json chips = call_library({}, [&] { return api::chips_json(opt.device); });
  std::string text;
  if (opt.json) {
    text = with_printable_strings(chips).dump(2) + "\n";
  } else {
    // The verdict's source: "*" marks a chip that inherits its generation's.
    text =
        fmt::format("{:<8} {:<12} {:<4} {:<22} {:>6}  {:<15} {:<14} {:<11} {}\n", "chip", "family",
                    "ANE", "memory", "GB/s", "ring", "notch", "confidence", "evidence");
    for (const Json& c : chips) {
      const std::string notch = c["affected"].is_null()     ? "unknown"
                                : c["affected"].get<bool>() ? "affected"
                                                            : "not affected";
      const bool inherited = c["verdict_from"] == "generation";
      std::string family;
      for (const Json& f : c["family"])
        family += (family.empty() ? "" : ",") + f.get<std::string>();
      text += fmt::format("{:<8} {:<12} {:<4} {:<22} {:>6.1f}  {:<15} {:<14} {:<11} {}\n",
                          c["name"].get<std::string>(), family, c["generation"].get<std::string>(),
                          c["memory"].get<std::string>(), c["peak_gbps"].get<double>(),
                          c["ring"].get<std::string>(), notch + (inherited ? "*" : ""),
                          c["confidence"].get<std::string>(), c["evidence"].get<std::string>());
    }
    text = terminal_text(text);
    text += "* the generation's verdict: no evidence of the chip's own (docs/chips.md)\n";
  }
  if (std::fputs(text.c_str(), stdout) < 0 || std::fflush(stdout) != 0) {
    std::fprintf(stderr, "anesim chips: error: cannot write to standard output\n");
    return kExitOutput;
  }
  return kExitOk;
}

}  // namespace anesim
