// One run as its user reads it: the summary `anesim` prints, or the one
// JSON object of `anesim --json` and Python's run().
#pragma once

#include <string>

#include <anesim/api/run.h>
#include <anesim/io/json.h>

namespace anesim::present {

// The readable summary.
std::string run_text(const api::RunResult& r);
// The run as one JSON object (docs/cli.md lists its keys).
Json run_json(const api::RunResult& r);
// That object on one line, as a batch parent reads it from a child.
std::string run_json_line(const api::RunResult& r);
// A run's files: the staged waveforms, the line log and the latency plot
// the request asked for, all published, or none when the run failed.
void publish_run_outputs(const api::RunResult& r, const api::RunRequest& request);

}  // namespace anesim::present
