#include <set>

#include <fmt/format.h>

#include <anesim/analysis/trace/trace_format.h>

namespace anesim {

std::string format_trace(const Trace& t) {
  std::string out = fmt::format("# anesim-trace: {}.{}\n", kTraceFormatMajor, kTraceFormatMinor);
  std::set<std::string> done = {"anesim-trace", "units"};
  for (const char* k :
       {"source", "provenance", "device", "date", "timed", "conversion", "records"}) {
    const auto it = t.header.find(k);
    if (it != t.header.end()) {
      out += fmt::format("# {}: {}\n", k, it->second);
      done.insert(k);
    }
  }
  out += "# units: us\n";
  for (const auto& n : t.notes) {
    out += fmt::format("# note: {}\n", n);
  }
  const bool steps = !t.records.empty() && t.records.front().kind == RecordKind::kDecodeStep;
  out += steps
             ? "curve,model,split_policy,programs,samples,median,count,comment\n"
             : "curve,cores,lines_per_core,cin,cout,split,base_line,samples,median,count,comment\n";
  for (const TraceRecord& r : t.records) {
    std::string samples;
    for (double s : r.samples_us) {
      samples += fmt::format("{}{}", samples.empty() ? "" : ";", s);
    }
    if (steps) {
      out += fmt::format("{},{},{},{},{},{},{},{}\n", r.curve, r.model, r.split_policy, r.programs,
                         samples, r.samples_us.empty() ? fmt::format("{}", r.median_us) : "",
                         r.samples_us.empty() && r.count != 0 ? fmt::format("{}", r.count) : "",
                         r.comment);
      continue;
    }
    const bool shape = r.cin != 0;
    out += fmt::format(
        "{},{},{},{},{},{},{},{},{},{},{}\n", r.curve, r.cores,
        shape ? "" : std::to_string(r.lines_per_core), shape ? std::to_string(r.cin) : "",
        shape ? std::to_string(r.cout) : "", r.split, r.base_line, samples,
        r.samples_us.empty() ? fmt::format("{}", r.median_us) : "",
        r.samples_us.empty() && r.count != 0 ? fmt::format("{}", r.count) : "", r.comment);
  }
  return out;
}

}  // namespace anesim
