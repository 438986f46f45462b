#include <anesim/analysis/tables/cache_entry.h>

#include <cmath>
#include <numeric>

#include <anesim/analysis/batch/point_request.h>
#include <anesim/analysis/tables/content_hash.h>
#include <anesim/io/json.h>

namespace anesim {

namespace {

Json report_json(const SimPointResult& r) {
  Json j;
  j["time_us"] = r.time_us;
  j["gbps"] = r.gbps;
  j["lines_prefetched"] = r.lines_prefetched;
  j["lines_demand"] = r.lines_demand;
  j["k"] = r.k;
  j["x"] = r.x;
  j["notch"] = r.notch;
  j["sim_cycles"] = r.sim_cycles;
  if (!r.task_dispatch_cycles.empty() || !r.task_finish_cycles.empty()) {
    j["task_dispatch_cycles"] = r.task_dispatch_cycles;
    j["task_finish_cycles"] = r.task_finish_cycles;
  }
  return j;
}

// The lines a point streams from memory on all its simulated cores.
double streamed_bytes(const SimPoint& p) {
  uint64_t lines = p.task_lines.empty()
                       ? uint64_t{p.lines_per_core}
                       : std::accumulate(p.task_lines.begin(), p.task_lines.end(), uint64_t{0});
  const uint64_t gaps = std::accumulate(p.task_gaps.begin(), p.task_gaps.end(), uint64_t{0});
  lines = lines > gaps ? lines - gaps : 0;
  return static_cast<double>(lines) * 64.0 * p.cores;
}

// Within what no simulation of `cfg` can produce: a time shorter than the
// bytes take at the memory's peak, or a throughput above it (1 % slack for
// rounding at the ends of a transfer).
bool physically_possible(const SimPointResult& r, const SimPoint& p, const MachineConfig& cfg) {
  const double peak = cfg.peak_gbps();
  if (!std::isfinite(r.time_us) || r.time_us <= 0) return false;
  if (!std::isfinite(r.gbps) || r.gbps < 0 || r.gbps > peak * 1.01) return false;
  return r.time_us * 1e3 * 1.01 >= streamed_bytes(p) / peak;
}

}  // namespace

std::string cache_entry_text(const std::string& point, const SimPointResult& r) {
  Json j;
  j["point"] = point;
  j["report"] = report_json(r);
  j["checksum"] = content_hash(j["report"].dump());
  return j.dump() + "\n";
}

bool parse_cache_entry(const std::string& text, const std::string& point, const SimPoint& p,
                       const MachineConfig& cfg, SimPointResult& out) {
  const Json j = Json::parse(text, nullptr, false);
  if (!j.is_object() || !j.contains("point") || !j.contains("report") || !j.contains("checksum") ||
      !j["point"].is_string() || !j["checksum"].is_string() || !j["report"].is_object()) {
    return false;
  }
  if (j["point"].get<std::string>() != point) return false;
  const std::string report = j["report"].dump();
  if (j["checksum"].get<std::string>() != content_hash(report)) return false;
  SimPointResult r = parse_point_report(report);
  if (!r.ok || !physically_possible(r, p, cfg)) return false;
  out = r;
  return true;
}

}  // namespace anesim
