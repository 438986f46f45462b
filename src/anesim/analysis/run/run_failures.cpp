#include <anesim/analysis/run/run_failures.h>

#include <fmt/format.h>

namespace anesim {

std::vector<std::string> run_failures(const SimulationOutcome& outcome, const MachineConfig& cfg) {
  std::vector<std::string> out;
  if (!outcome.result.watchdog_error.empty()) {
    out.push_back(outcome.result.watchdog_error);
  } else if (outcome.exceeded_max_cycles) {
    out.push_back(fmt::format(
        "the run reached simulation.max_cycles ({}) before every line was delivered; raise it "
        "in the config for longer transfers",
        cfg.sim.max_cycles));
  }
  if (outcome.result.rtl_assertion_failed) {
    out.push_back("an RTL assertion failed (see the message above)");
  }
  if (outcome.result.lines_lost != 0) {
    out.push_back(fmt::format("the scoreboard counted {} lines lost: {}", outcome.result.lines_lost,
                              outcome.result.scoreboard_error.empty()
                                  ? "lines never delivered"
                                  : outcome.result.scoreboard_error));
  }
  return out;
}

}  // namespace anesim
