#include <anesim/present/replay_output.h>

#include <fmt/format.h>

#include <anesim/analysis/replay/replay_parts.h>
#include <anesim/io/atomic_output.h>
#include <anesim/io/gnuplot_plot.h>
#include <anesim/io/output_set.h>

namespace anesim::present {

std::string replay_text(const ReplayResult& r) { return format_replay_text(r); }

Json replay_json(const ReplayResult& r) { return anesim::replay_json(r); }

void write_replay_outputs(const ReplayResult& r, const api::ReplayOutputs& o) {
  OutputSet outputs;  // all or none
  if (!o.csv.empty()) {
    outputs.add_text(o.csv, format_replay_csv(r));
  }
  if (!o.plot.empty()) {
    render_plot(outputs, o.plot, replay_plot_script(r));
  }
  outputs.commit();
}

std::string write_replay_part(const api::ReplayOutcome& r) {
  const std::string& csv = r.outputs.csv;
  write_file_atomically(csv, replay_part(r.result, r.traces, r.machine, r.config));
  return fmt::format("anesim replay: shard {}, {} of {} records -> {}\n",
                     shard_text(r.result.shard), r.result.rows.size(), r.result.total_points, csv);
}

}  // namespace anesim::present
