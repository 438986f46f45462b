#include <anesim/analysis/tables/result_cache.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include <anesim/analysis/batch/batch_runner.h>
#include <anesim/analysis/batch/point_request.h>
#include <anesim/analysis/tables/model_version.h>
#include <anesim/io/atomic_output.h>
#include <anesim/io/json.h>

namespace anesim {

namespace {

namespace fs = std::filesystem;

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

// The entry's file and the point's text that it must name.
struct Entry {
  std::string path, point;
};
Entry entry_for(const std::string& scope, const SimPoint& p) {
  const std::string point = point_request_json(p).dump();
  return {(fs::path(cache_directory()) / scope / (content_hash(point) + ".json")).string(), point};
}

bool read_entry(const Entry& e, SimPointResult& out) {
  std::ifstream in(e.path);
  if (!in) return false;
  std::stringstream text;
  text << in.rdbuf();
  try {
    const Json j = Json::parse(text.str());
    if (j.at("point").get<std::string>() != e.point) return false;
    out = parse_point_report(j.at("report").dump());
    return out.ok;
  } catch (const Json::exception&) {
    return false;
  }
}

void write_entry(const Entry& e, const SimPointResult& r) {
  try {
    std::error_code ec;
    fs::create_directories(fs::path(e.path).parent_path(), ec);
    if (ec) return;
    Json j;
    j["point"] = e.point;
    j["report"] = report_json(r);
    write_file_atomically(e.path, j.dump() + "\n");
  } catch (const std::exception&) {
    // A cache that cannot be written only costs the next run its time.
  }
}

}  // namespace

std::string content_hash(const std::string& text) {
  // Advise hashes the same description at every call: the last text's hash
  // is kept per thread.
  thread_local std::string last_text, last_hash;
  if (!last_hash.empty() && text == last_text) return last_hash;
  uint64_t h = 14695981039346656037ull;
  for (unsigned char c : text) {
    h = (h ^ c) * 1099511628211ull;
  }
  last_text = text;
  last_hash = fmt::format("{:016x}", h);
  return last_hash;
}

std::string cache_directory() {
  const char* xdg = std::getenv("XDG_CACHE_HOME");
  if (xdg != nullptr && *xdg == '/') return (fs::path(xdg) / "anesim").string();
  const char* home = std::getenv("HOME");
  if (home != nullptr && *home != '\0') return (fs::path(home) / ".cache" / "anesim").string();
  return "";
}

std::string cache_scope(const std::string& description_text) {
  return content_hash(description_text) + "-" + kModelVersion;
}

std::vector<SimPointResult> simulate_points_cached(const std::vector<SimPoint>& points,
                                                   const MachineConfig& cfg,
                                                   const std::string& config_path, unsigned jobs,
                                                   const std::string& label,
                                                   const std::string& scope) {
  const bool cached = !scope.empty() && !cache_directory().empty();
  if (!cached) return simulate_points(points, cfg, config_path, jobs, label);
  std::vector<SimPointResult> out(points.size());
  std::vector<Entry> entries;
  std::vector<SimPoint> missing;
  std::vector<size_t> where;
  for (size_t i = 0; i < points.size(); ++i) {
    entries.push_back(entry_for(scope, points[i]));
    if (!read_entry(entries.back(), out[i])) {
      missing.push_back(points[i]);
      where.push_back(i);
    }
  }
  if (missing.empty()) return out;
  const std::vector<SimPointResult> r = simulate_points(missing, cfg, config_path, jobs, label);
  for (size_t m = 0; m < missing.size(); ++m) {
    out[where[m]] = r[m];
    if (r[m].ok) write_entry(entries[where[m]], r[m]);
  }
  return out;
}

}  // namespace anesim
