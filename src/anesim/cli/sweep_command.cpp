#include <anesim/cli/sweep_command.h>

#include <unistd.h>

#include <string>
#include <vector>

#include <anesim/api/sweep.h>
#include <anesim/cli/exit_codes.h>
#include <anesim/cli/field_errors.h>
#include <anesim/cli/range_option.h>
#include <anesim/present/sweep_output.h>

namespace anesim {

namespace {

// The swept axis and its range as typed (CLI11 lets one through).
void read_axis(const SweepOptions& opt, api::SweepRequest& r, TypedText& typed) {
  struct Axis {
    const std::string* text;
    const char* option;
    SweepAxis axis;
  };
  const Axis axes[] = {{&opt.lines_range, "--lines-range", SweepAxis::kLines},
                       {&opt.x_range, "--x-range", SweepAxis::kX},
                       {&opt.cin_range, "--cin-range", SweepAxis::kCin},
                       {&opt.cout_range, "--cout-range", SweepAxis::kCout},
                       {&opt.cores_range, "--cores-range", SweepAxis::kCores},
                       {&opt.split_range, "--split-range", SweepAxis::kSplit}};
  for (const Axis& a : axes) {
    if (!a.text->empty()) {
      r.axis = a.axis;
      const RangeText range = read_range_text(*a.text, a.option);
      r.range = {range.first, range.last, range.step};
      typed[api::range_field(a.axis)] = *a.text;
      return;
    }
  }
  throw UsageError(
      "nothing to sweep: give one of --lines-range, --x-range, --cin-range, --cout-range, "
      "--cores-range, --split-range");
}

// The running anesim, for the batch scripts.
std::string own_executable() {
  std::string path(4096, '\0');
  const ssize_t n = readlink("/proc/self/exe", path.data(), path.size());
  return n > 0 ? path.substr(0, static_cast<size_t>(n)) : std::string("anesim");
}

}  // namespace

CLI::App* add_sweep_command(CLI::App& app, SweepOptions& opt) {
  CLI::App* cmd = app.add_subcommand(
      "sweep", "sweep one workload parameter, ring variants side by side (CSV, plots, FFT)");
  const std::vector<CLI::Option*> ranges = {
      cmd->add_option("--lines-range", opt.lines_range, "sweep lines per core: FIRST:LAST:STEP"),
      cmd->add_option("--x-range", opt.x_range,
                      "sweep the offset x from k*0x4000 (with --laps): e.g. -512:512:16"),
      cmd->add_option("--cin-range", opt.cin_range, "sweep D at fixed N (--cout)"),
      cmd->add_option("--cout-range", opt.cout_range, "sweep N at fixed D (--cin)"),
      cmd->add_option("--cores-range", opt.cores_range,
                      "sweep active cores (size from --lines or --cin/--cout)"),
      cmd->add_option("--split-range", opt.split_range,
                      "sweep tasks per core S (size from --lines or --cin/--cout)")};
  for (CLI::Option* a : ranges) {
    for (CLI::Option* b : ranges) {
      if (a != b) {
        a->excludes(b);
      }
    }
  }
  add_field_options<api::SweepRequest>(*cmd, opt.fields);
  return cmd;
}

int sweep_command(const SweepOptions& opt) {
  api::SweepRequest r = field_request<api::SweepRequest>(opt.fields);
  TypedText typed = typed_text(opt.fields);
  read_axis(opt, r, typed);
  // --laps 1 is the default: taken without --x-range, as it always was.
  if (r.axis != SweepAxis::kX && opt.fields.text.at("laps") == "1") r.laps.clear();
  r.anesim_binary = own_executable();
  present::write_sweep(call_library(typed, [&] { return api::sweep(r); }));
  return kExitOk;
}

}  // namespace anesim
