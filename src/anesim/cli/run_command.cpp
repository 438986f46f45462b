#include <anesim/cli/run_command.h>

#include <cstdio>
#include <iostream>
#include <iterator>

#include <fmt/format.h>

#include <anesim/api/point_request.h>

#include <anesim/api/run.h>
#include <anesim/api/variants.h>
#include <anesim/cli/exit_codes.h>
#include <anesim/cli/field_errors.h>
#include <anesim/io/errors.h>
#include <anesim/present/run_output.h>

namespace anesim {

void add_run_options(CLI::App& app, RunOptions& opt) {
  add_field_options<api::RunRequest>(app, opt.fields);
  app.add_flag("--json", opt.json, "print one JSON object instead of the summary");
  // Hidden: how a batch parent hands a child its point (docs/architecture.md).
  app.add_flag("--point-stdin", opt.point_stdin, "read the point as JSON from stdin")->group("");
}

void apply_point_stdin(RunOptions& opt) {
  const std::string text(std::istreambuf_iterator<char>(std::cin), {});
  const SimPoint p = parse_point_request(text);
  if (!p.task_drain.empty() || p.memory_share) {
    // A run has no field for either: refused rather than run without them
    // (the batch runner sends no such point to a child).
    throw UsageError(
        "--point-stdin: the point's task_drain and memory_share have no run field; a child "
        "runs neither");
  }
  const auto joined = [](const std::vector<uint32_t>& values) {
    return fmt::format("{}", fmt::join(values, ","));
  };
  FieldTexts& f = opt.fields;
  f.text["variant"] = variant_name(p.variant);
  f.given["variant"] = true;
  f.text["lines"] = std::to_string(p.lines_per_core);
  f.text["cin"] = f.text["cout"] = "";
  f.text["cores"] = std::to_string(p.cores);
  f.text["split"] = p.task_lines.empty() ? std::to_string(p.split) : "1";
  f.text["task_lines"] = joined(p.task_lines);
  f.text["task_ops"] = joined(p.task_ops);
  f.text["program_starts"] = joined(p.program_starts);
  f.text["task_gaps"] = joined(p.task_gaps);
  f.text["max_cycles"] = p.max_cycles == 0 ? "" : std::to_string(p.max_cycles);
  f.text["base_line"] = std::to_string(p.base_line);
}

int run_command(const RunOptions& given) {
  RunOptions opt = given;
  if (opt.point_stdin) {
    apply_point_stdin(opt);
  }
  const api::RunRequest request = field_request<api::RunRequest>(opt.fields);
  const TypedText typed = typed_text(opt.fields);
  if (request.print_hierarchy) {
    std::fputs(call_library(typed, [&] { return api::describe_hierarchy(request); }).c_str(),
               stdout);
    return kExitOk;
  }
  const api::RunResult r = call_library(typed, [&] { return api::run(request); });
  present::publish_run_outputs(r, request);
  for (const std::string& f : r.failures) {
    std::fprintf(stderr, "anesim: error: %s\n", f.c_str());
  }
  const std::string text = opt.json ? present::run_json_line(r) : present::run_text(r);
  std::fputs(text.c_str(), stdout);
  return r.failures.empty() ? kExitOk : kExitSimulationFailed;
}

}  // namespace anesim
