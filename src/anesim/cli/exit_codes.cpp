#include <anesim/cli/exit_codes.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include <anesim/api/advise.h>
#include <anesim/api/run.h>

#include <anesim/io/text_functions.h>

namespace anesim {

int failure_exit_code(const SimulationOutcome& outcome, const MachineConfig& cfg) {
  const std::vector<std::string> failures = run_failures(outcome, cfg);
  for (const std::string& f : failures) {
    std::fprintf(stderr, "anesim: error: %s\n", f.c_str());
  }
  return failures.empty() ? kExitOk : kExitSimulationFailed;
}

int error_exit_code(const std::exception& e) {
  if (dynamic_cast<const UsageError*>(&e) != nullptr) return kExitUsage;
  if (dynamic_cast<const ConfigError*>(&e) != nullptr) return kExitConfig;
  if (dynamic_cast<const InputError*>(&e) != nullptr) return kExitInput;
  if (dynamic_cast<const OutputError*>(&e) != nullptr) return kExitOutput;
  if (dynamic_cast<const NeedsSimulation*>(&e) != nullptr) return kExitNeedsSimulation;
  return kExitSimulationFailed;
}

int report_error(const std::exception& e) {
  // Through the escaping function as a whole: a user's bytes that a message
  // carries unescaped (from a library, say) still make one clean line.
  std::fprintf(stderr, "anesim: error: %s\n", printable_whole(e.what()).c_str());
  return error_exit_code(e);
}

int check_standard_output(int rc) {
  errno = 0;
  if (std::fflush(stdout) == 0 && std::ferror(stdout) == 0) {
    return rc;
  }
  // A command that failed has said why (a failed write to standard output
  // among them): one failure, one message.
  if (rc != kExitOk) return rc;
  const int err = errno;
  std::fprintf(stderr, "anesim: error: standard output: cannot write: %s\n",
               err != 0 ? std::strerror(err)
                        : "a write to it failed (a full disk, a closed pipe or a file-size limit)");
  return kExitOutput;
}

}  // namespace anesim
