#include <anesim/analysis/replay/replay_parts.h>

#include <fmt/format.h>

#include <anesim/io/count_text.h>
#include <anesim/io/text_functions.h>
#include <sim/ring/ring_variant.h>

namespace anesim {

namespace {

const char* const kColumns =
    "file,line,curve,cores,lines_per_core,cin,cout,split,base_line,median_us,count,simulated_us";

// Exact: `{}` prints the shortest text that reads back as the same double.
std::string row_text(size_t file, const ReplayRow& row) {
  const TraceRecord& r = row.record;
  return fmt::format("{},{},{},{},{},{},{},{},{},{},{},{}", file, r.line, r.curve, r.cores,
                     r.lines_per_core, r.cin, r.cout, r.split, r.base_line, r.median_us, r.count,
                     row.simulated_us);
}

struct TraceLine {
  uint64_t records = 0;
  std::string path;
};

bool parse_trace_line(const std::string& text, TraceLine& t) {
  const size_t path = text.find(" path=");
  const std::vector<std::string> words = split_text(text.substr(0, path), ' ');
  if (path == std::string::npos || words.size() != 2 || words[0].rfind("records=", 0) != 0 ||
      read_count(words[0].substr(8), 0, UINT32_MAX, t.records) != CountStatus::kOk) {
    return false;
  }
  t.path = text.substr(path + 6);
  return true;
}

}  // namespace

std::string replay_part(const ReplayResult& r, const std::vector<Trace>& traces,
                        const MachineConfig& cfg, const std::string& config_path) {
  HeaderLines batch = {{"replay", fmt::format("variant={}", variant_name(r.variant))},
                       config_identity(cfg, config_path)};
  std::vector<size_t> file_of_point;
  for (size_t i = 0; i < traces.size(); ++i) {
    // The records as the trace writer prints them: the same data gives the
    // same fingerprint, without reading the file again (it may be a pipe).
    const Trace& t = traces[i];
    batch.emplace_back("trace", fmt::format("records={} fnv1a64={} path={}", t.records.size(),
                                            text_fingerprint(format_trace(t)), t.path));
    file_of_point.insert(file_of_point.end(), t.records.size(), i);
  }
  std::string out =
      part_header("replay", batch, r.config, r.total_points, r.shard, r.rows.size(), kColumns);
  for (size_t i = 0; i < r.rows.size(); ++i) {
    out += fmt::format("{},{}\n", r.points[i], row_text(file_of_point.at(r.points[i]), r.rows[i]));
  }
  return seal_part(out);
}

ReplayResult merge_replay_parts(const std::vector<PartFile>& parts) {
  const std::vector<const PartFile*> shards = one_sharding(parts);
  const PartFile& first = *shards[0];
  ReplayResult r;
  const std::string& replay = first.value("replay");
  const std::optional<RingVariant> variant =
      replay.rfind("variant=", 0) == 0 ? find_variant(replay.substr(8)) : std::nullopt;
  if (!variant) {
    first.fail(0, fmt::format("malformed 'replay:' line '{}'", printable(replay)));
  }
  r.variant = *variant;
  r.config = first.config_name;
  std::vector<TraceLine> traces;
  std::vector<size_t> file_of_point;
  for (const auto& [key, value] : first.batch) {
    if (key == "trace") {
      TraceLine t;
      if (!parse_trace_line(value, t)) {
        first.fail(0, fmt::format("malformed 'trace:' line '{}'", printable(value)));
      }
      file_of_point.insert(file_of_point.end(), t.records, traces.size());
      traces.push_back(t);
    }
  }
  if (file_of_point.size() != first.points) {
    first.fail(0, fmt::format("'points: {}' but the traces in the header have {} records",
                              first.points, file_of_point.size()));
  }
  r.rows.resize(first.points);
  r.total_points = first.points;
  for (size_t i = 0; i < first.points; ++i) {
    r.points.push_back(i);
  }
  const std::vector<std::string> columns = split_text(kColumns, ',');
  for (const PartFile* part : shards) {
    const PartFile& f = *part;
    if (f.columns != columns) {
      f.fail(0, fmt::format("the columns are not a replay part's ({})", kColumns));
    }
    for (const PartRow& pr : f.rows) {
      ReplayRow& row = r.rows[pr.point];
      TraceRecord& rec = row.record;
      const size_t file = file_of_point[pr.point];
      row.file = traces[file].path;
      rec.line = static_cast<int>(part_count(f, pr, 1, INT32_MAX));
      rec.curve = pr.fields[2];
      rec.cores = static_cast<uint32_t>(part_count(f, pr, 3, 16));
      rec.lines_per_core = static_cast<uint32_t>(part_count(f, pr, 4, UINT32_MAX));
      rec.cin = part_count(f, pr, 5, UINT32_MAX);
      rec.cout = part_count(f, pr, 6, UINT32_MAX);
      rec.split = static_cast<uint32_t>(part_count(f, pr, 7, UINT32_MAX));
      rec.base_line = static_cast<uint32_t>(part_count(f, pr, 8, UINT32_MAX));
      rec.median_us = part_number(f, pr, 9);
      rec.count = part_count(f, pr, 10, UINT64_MAX);
      row.simulated_us = part_number(f, pr, 11);
      if (!(rec.median_us > 0) || rec.curve.empty()) {
        f.fail(pr.line, "median_us must be above 0 and curve not empty");
      }
      std::string text;
      for (const std::string& field : pr.fields) {
        text += (text.empty() ? "" : ",") + field;
      }
      if (text != row_text(file, row)) {
        f.fail(pr.line, fmt::format("the row is not record {} of {} as a replay part writes it",
                                    pr.point, printable(row.file, 80)));
      }
    }
  }
  replay_statistics(r);
  return r;
}

}  // namespace anesim
