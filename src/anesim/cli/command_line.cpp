// The anesim command line: every subcommand's parser, and the one that runs.
// Kept apart from main.cpp so that it compiles in the command-line unit
// (CMakeLists.txt): CLI11 is parsed once for the whole folder.
#include <anesim/cli/command_line.h>

#include <CLI/CLI.hpp>

#include <cstdio>
#include <exception>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include <anesim/cli/advise_command.h>
#include <anesim/cli/bench_command.h>
#include <anesim/cli/cache_command.h>
#include <anesim/cli/calibrate_command.h>
#include <anesim/cli/characterize_command.h>
#include <anesim/cli/chips_command.h>
#include <anesim/cli/decode_command.h>
#include <anesim/cli/exit_codes.h>
#include <anesim/cli/merge_command.h>
#include <anesim/cli/program_command.h>
#include <anesim/cli/replay_command.h>
#include <anesim/cli/report_command.h>
#include <anesim/cli/run_command.h>
#include <anesim/cli/shared_options.h>
#include <anesim/cli/sweep_command.h>
#include <anesim/cli/usage_errors.h>
#include <anesim/io/atomic_output.h>
#include <anesim/io/path_identity.h>

namespace anesim {

int run_command_line(int argc, char* argv[]) {
  install_output_cleanup_on_signal();
  count_stdout_as_output();

  CLI::App app{"anesim: cycle-level model of the Apple M3 ANE kernel-DMA prefetch ring"};
  app.set_version_flag("--version", "anesim 0.1.0");
  app.failure_message(usage_failure_message);
  RunOptions run;
  add_run_options(app, run);
  BenchOptions bench;
  ReplayOptions replay;
  SweepOptions sweep;
  ReportOptions report;
  AdviseOptions advise;
  CalibrateOptions calibrate;
  DecodeOptions decode;
  MergeOptions merge;
  CharacterizeOptions characterize;
  ChipsOptions chips;
  ProgramOptions program;
  CacheOptions cache;
  // Every subcommand: its parser, and what runs it once it was given.
  const std::vector<std::pair<CLI::App*, std::function<int()>>> subcommands = {
      {add_bench_command(app, bench), [&] { return bench_command(bench); }},
      {add_replay_command(app, replay), [&] { return replay_command(replay); }},
      {add_sweep_command(app, sweep), [&] { return sweep_command(sweep); }},
      {add_report_command(app, report), [&] { return report_command(report); }},
      {add_advise_command(app, advise), [&] { return advise_command(advise); }},
      {add_calibrate_command(app, calibrate), [&] { return calibrate_command(calibrate); }},
      {add_decode_command(app, decode), [&] { return decode_command(decode); }},
      {add_merge_command(app, merge), [&] { return merge_command(merge); }},
      {add_characterize_command(app, characterize),
       [&] { return characterize_command(characterize); }},
      {add_chips_command(app, chips), [&] { return chips_command(chips); }},
      {add_program_command(app, program), [&] { return program_command(program); }},
      {add_cache_command(app, cache), [&] { return cache_command(cache); }},
  };

  try {
    app.parse(argc, argv);
  } catch (const CLI::Success& e) {
    name_chips_in_help(app);
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    app.exit(e);
    return kExitUsage;
  } catch (const std::exception& e) {
    return report_error(e);  // an option's own check (--chip names no chip)
  }

  // Options before a subcommand belong to the plain run and would be ignored.
  for (const CLI::App* sub : app.get_subcommands()) {
    for (const CLI::Option* o : app.get_options()) {
      if (o->count() != 0) {
        const std::string name = sub->get_name();
        std::fprintf(stderr,
                     "anesim: error: %s: not a %s option (give %s's own options after '%s'; "
                     "see anesim %s --help)\n",
                     o->get_name().c_str(), name.c_str(), name.c_str(), name.c_str(), name.c_str());
        return kExitUsage;
      }
    }
  }

  try {
    for (const auto& [cmd, run_it] : subcommands) {
      if (cmd->parsed()) {
        return run_it();
      }
    }
    return run_command(run);
  } catch (const std::exception& e) {
    // One line on stderr, then the documented exit code (docs/cli.md).
    return report_error(e);
  }
}

}  // namespace anesim
