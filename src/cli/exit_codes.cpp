#include <anesim/cli/exit_codes.h>

#include <cstdio>

#include <anesim/io/errors.h>
#include <anesim/io/text_functions.h>

namespace anesim {

int failure_exit_code(const SimulationOutcome& outcome, const MachineConfig& cfg) {
  int rc = kExitOk;
  if (!outcome.result.watchdog_error.empty()) {
    std::fprintf(stderr, "anesim: error: %s\n", outcome.result.watchdog_error.c_str());
    rc = kExitSimulationFailed;
  } else if (outcome.exceeded_max_cycles) {
    std::fprintf(stderr,
                 "anesim: error: the run reached simulation.max_cycles (%llu) before every line "
                 "was delivered; raise it in the config for longer transfers\n",
                 static_cast<unsigned long long>(cfg.sim.max_cycles));
    rc = kExitSimulationFailed;
  }
  if (outcome.result.rtl_assertion_failed) {
    std::fputs("anesim: error: an RTL assertion failed (see the message above)\n", stderr);
    rc = kExitSimulationFailed;
  }
  if (outcome.result.lines_lost != 0) {
    std::fprintf(stderr, "anesim: error: the scoreboard counted %llu lines lost: %s\n",
                 static_cast<unsigned long long>(outcome.result.lines_lost),
                 outcome.result.scoreboard_error.empty() ? "lines never delivered"
                                                         : outcome.result.scoreboard_error.c_str());
    rc = kExitSimulationFailed;
  }
  return rc;
}

int report_error(const std::exception& e) {
  // Through the escaping function as a whole: a user's bytes that a message
  // carries unescaped (from a library, say) still make one clean line.
  std::fprintf(stderr, "anesim: error: %s\n", printable_whole(e.what()).c_str());
  if (dynamic_cast<const UsageError*>(&e) != nullptr) {
    return kExitUsage;
  }
  if (dynamic_cast<const ConfigError*>(&e) != nullptr) {
    return kExitConfig;
  }
  if (dynamic_cast<const InputError*>(&e) != nullptr) {
    return kExitInput;
  }
  if (dynamic_cast<const OutputError*>(&e) != nullptr) {
    return kExitOutput;
  }
  return kExitSimulationFailed;
}

}  // namespace anesim
