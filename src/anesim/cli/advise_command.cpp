#include <anesim/cli/advise_command.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>

#include <fmt/format.h>

#include <anesim/api/advise.h>
#include <anesim/api/advise_fleet.h>
#include <anesim/cli/exit_codes.h>
#include <anesim/cli/field_errors.h>
#include <anesim/io/count_text.h>
#include <anesim/io/errors.h>
#include <anesim/io/text_functions.h>
#include <anesim/present/advice_output.h>
#include <anesim/present/advise_batch.h>

namespace anesim {

CLI::App* add_advise_command(CLI::App& app, AdviseOptions& opt) {
  CLI::App* cmd = app.add_subcommand(
      "advise",
      "which of a model's kernel-DMA transfers hit the 1 MiB notch, the split that clears each, "
      "and decode tokens/s before and after");
  add_field_options<api::AdviseRequest>(*cmd, opt.fields);
  cmd->add_flag("--json", opt.json, "print one JSON object instead of the table");
  auto* batch = cmd->add_option("--batch", opt.batch,
                                "answer the questions of FILE (- for standard input), one JSON "
                                "object per line, as JSON lines (docs/advise.md, \"Batch\")");
  for (const char* other : {"--model", "--cin", "--cout", "--dtype", "--kernel", "--groups",
                            "--config", "--chip", "--json", "--csv", "--exact", "--simulate"}) {
    batch->excludes(other);
  }
  return cmd;
}

namespace {

// The answer as text or JSON, for one machine or a fleet.
std::string advice_text(const AdviseOptions& opt, const TypedText& typed) {
  api::AdviseRequest request =
      call_library(typed, [&] { return field_request<api::AdviseRequest>(opt.fields); });
  request.progress_label = "advise";
  if (request.chips) {
    const api::FleetAdviseRequest fleet = api::fleet_request(request);
    const api::FleetAdviseResult f = call_library(typed, [&] { return api::advise_fleet(fleet); });
    present::write_fleet_csv(f, fleet);
    return opt.json ? json_text(present::fleet_json(f), 2) + "\n" : present::fleet_text(f);
  }
  const api::AdviseResult r = call_library(typed, [&] { return api::advise(request); });
  present::write_advice_csv(r, request);
  return opt.json ? json_text(present::advice_json(r), 2) + "\n" : present::advice_text(r);
}

// Every line answered, in order, each flushed as it comes (a pass reading
// the answers through a pipe gets them one by one). The exit code is the
// first failed line's (docs/cli.md), 0 when every line was answered.
int batch_command(const AdviseOptions& opt) {
  const bool jobs_given = opt.fields.given.at("jobs");
  const uint64_t jobs =
      parse_count(jobs_given ? opt.fields.text.at("jobs") : "2", "--jobs", 1, 256);
  std::ifstream file;
  if (opt.batch != "-") {
    file.open(opt.batch);
    if (!file) {
      throw InputError(fmt::format("--batch '{}': cannot open it: {}", printable(opt.batch),
                                   std::strerror(errno)));
    }
  }
  std::istream& in = opt.batch == "-" ? std::cin : file;
  int rc = kExitOk;
  present::advise_batch(in, opt.batch == "-" ? "<stdin>" : opt.batch, jobs,
                        [&](const present::BatchLine& line) {
                          std::fputs((json_text(line.out, -1) + "\n").c_str(), stdout);
                          std::fflush(stdout);
                          if (line.failure && rc == kExitOk) {
                            try {
                              std::rethrow_exception(line.failure);
                            } catch (const std::exception& e) {
                              rc = error_exit_code(e);
                            }
                          }
                        });
  return rc;
}

}  // namespace

int advise_command(const AdviseOptions& opt) {
  if (!opt.batch.empty()) return batch_command(opt);
  const TypedText typed = typed_text(opt.fields);
  std::string text;
  try {
    text = advice_text(opt, typed);
  } catch (const NeedsSimulation& e) {
    // Not a failure of the tool: the caller forbade what the answer needs.
    std::fprintf(stderr, "anesim: error: --simulate never: this answer needs a simulation: %s\n",
                 printable_whole(e.what()).c_str());
    return kExitNeedsSimulation;
  }
  std::fputs(terminal_text(text).c_str(), stdout);
  std::fflush(stdout);
  return kExitOk;
}

}  // namespace anesim
