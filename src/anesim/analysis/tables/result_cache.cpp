#include <anesim/analysis/tables/result_cache.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <mutex>

#include <fmt/format.h>

#include <anesim/analysis/batch/batch_runner.h>
#include <anesim/analysis/batch/point_request.h>
#include <anesim/analysis/tables/cache_entry.h>
#include <anesim/analysis/tables/content_hash.h>
#include <anesim/analysis/tables/model_version.h>
#include <anesim/io/atomic_output.h>
#include <anesim/io/errors.h>
#include <anesim/io/file_signature.h>
#include <anesim/io/json.h>
#include <anesim/io/text_file.h>
#include <anesim/machine/config_overlay.h>

namespace anesim {

namespace {

namespace fs = std::filesystem;

constexpr const char* kLimitVariable = "ANESIM_CACHE_LIMIT_MB";
constexpr uint64_t kMaxLimitMb = 1u << 20;

bool is_hex(const std::string& s, size_t from, size_t n) {
  if (s.size() < from + n) return false;
  return std::all_of(s.begin() + static_cast<std::ptrdiff_t>(from),
                     s.begin() + static_cast<std::ptrdiff_t>(from + n),
                     [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
}
// Names anesim gives: a scope "<16 hex>-<16 hex>", an entry "<16 hex>.json".
bool is_scope_name(const std::string& n) {
  return n.size() == 33 && is_hex(n, 0, 16) && n[16] == '-' && is_hex(n, 17, 16);
}
bool is_entry_name(const std::string& n) {
  return n.size() == 21 && is_hex(n, 0, 16) && n.compare(16, 5, ".json") == 0;
}

// The entry's file and the point's text that it must name.
struct Entry {
  std::string path, point;
};
Entry entry_for(const std::string& scope, const SimPoint& p) {
  const std::string point = point_request_json(p).dump();
  return {(fs::path(cache_directory()) / scope / (content_hash(point) + ".json")).string(), point};
}

struct Tree {
  std::string path;
  fs::file_time_type time;
  uint64_t bytes = 0, entries = 0;
};

// The scope folders anesim wrote, oldest first, with their entries' sizes.
std::vector<Tree> scopes_in(const std::string& dir) {
  std::vector<Tree> out;
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (!is_scope_name(name) || !it->is_directory(ec) || it->is_symlink(ec)) continue;
    Tree t{it->path().string(), it->last_write_time(ec)};
    std::error_code inner;
    for (fs::directory_iterator e(it->path(), inner), stop; !inner && e != stop;
         e.increment(inner)) {
      if (!is_entry_name(e->path().filename().string()) || !e->is_regular_file(inner)) continue;
      t.bytes += e->file_size(inner);
      ++t.entries;
    }
    out.push_back(t);
  }
  std::sort(out.begin(), out.end(), [](const Tree& a, const Tree& b) { return a.time < b.time; });
  return out;
}

uint64_t remove_scope(const std::string& path) {
  uint64_t freed = 0;
  std::error_code ec;
  std::vector<fs::path> entries;
  for (fs::directory_iterator e(path, ec), stop; !ec && e != stop; e.increment(ec)) {
    if (is_entry_name(e->path().filename().string()) && e->is_regular_file(ec)) {
      entries.push_back(e->path());
    }
  }
  for (const fs::path& e : entries) {
    std::error_code size_ec;
    const uintmax_t size = fs::file_size(e, size_ec);
    if (fs::remove(e, ec) && !size_ec) freed += size;
  }
  fs::remove(path, ec);  // only when nothing else is in it
  return freed;
}

void write_entry(const Entry& e, const SimPointResult& r) {
  try {
    std::error_code ec;
    fs::create_directories(fs::path(e.path).parent_path(), ec);
    if (ec) return;
    write_file_atomically(e.path, cache_entry_text(e.point, r));
  } catch (const std::exception&) {
    // A cache that cannot be written only costs the next run its time.
  }
}

}  // namespace

std::string description_hash(const std::string& text, const std::string& origin) {
  struct Known {
    std::string hash;
    SignedFiles bases;
  };
  static std::mutex mutex;
  static std::map<std::string, Known> known;
  const std::string key = origin + '\n' + content_hash(text);
  {
    const std::lock_guard<std::mutex> lock(mutex);
    if (const auto it = known.find(key); it != known.end()) {
      if (unchanged(it->second.bases)) return it->second.hash;
    }
  }
  Known k;
  bool names_a_chip = false;
  for (const std::string& b :
       base_files_of_text(text, origin.empty() ? "<built-in>" : origin, names_a_chip)) {
    k.bases.emplace_back(b, file_signature(b));
  }
  k.hash = content_hash(merged_description_text(text, origin.empty() ? "<built-in>" : origin));
  const std::lock_guard<std::mutex> lock(mutex);
  known[key] = k;
  return k.hash;
}

std::string cache_directory() {
  const char* xdg = std::getenv("XDG_CACHE_HOME");
  if (xdg != nullptr && *xdg == '/') return (fs::path(xdg) / "anesim").string();
  const char* home = std::getenv("HOME");
  if (home != nullptr && *home != '\0') return (fs::path(home) / ".cache" / "anesim").string();
  return "";
}

std::string cache_scope(const std::string& description_text, const std::string& origin) {
  return description_hash(description_text, origin) + "-" + kModelVersion;
}

void check_cache_limit() {
  const char* v = std::getenv(kLimitVariable);
  if (v == nullptr || *v == '\0') return;
  const std::string s(v);
  const bool digits =
      s.size() <= 7 && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
  if (!digits || std::stoull(s) < 1 || std::stoull(s) > kMaxLimitMb) {
    throw UsageError(fmt::format("{}='{}': expected a whole number of MiB from 1 to {}",
                                 kLimitVariable, printable(s), kMaxLimitMb));
  }
}

uint64_t cache_limit_bytes() {
  const char* v = std::getenv(kLimitVariable);
  uint64_t mb = kDefaultCacheLimitMb;
  try {
    check_cache_limit();
    if (v != nullptr && *v != '\0') mb = std::stoull(v);
  } catch (const UsageError&) {
    // Checked at the front ends; the default holds where it was not.
  }
  return mb << 20;
}

CacheSummary cache_summary() {
  CacheSummary s;
  s.directory = cache_directory();
  s.limit_bytes = cache_limit_bytes();
  if (s.directory.empty()) return s;
  for (const Tree& t : scopes_in(s.directory)) {
    const std::string name = fs::path(t.path).filename().string();
    s.scopes.push_back({name, t.bytes, t.entries, name.compare(17, 16, kModelVersion) == 0});
    s.bytes += t.bytes;
    s.entries += t.entries;
  }
  return s;
}

uint64_t clear_cache() {
  const std::string dir = cache_directory();
  if (dir.empty()) return 0;
  uint64_t freed = 0;
  for (const Tree& t : scopes_in(dir)) freed += remove_scope(t.path);
  return freed;
}

void evict_cache_to(uint64_t limit, const std::string& keep_scope) {
  const std::string dir = cache_directory();
  if (dir.empty()) return;
  std::vector<Tree> scopes = scopes_in(dir);
  uint64_t total = 0;
  for (const Tree& t : scopes) total += t.bytes;
  for (const Tree& t : scopes) {
    if (total <= limit) return;
    if (fs::path(t.path).filename() == keep_scope) continue;
    remove_scope(t.path);
    total -= t.bytes;
  }
  if (total <= limit) return;
  // The scope in use alone is over the limit: its oldest entries go.
  std::vector<std::pair<fs::file_time_type, fs::path>> entries;
  std::error_code ec;
  for (fs::directory_iterator e(fs::path(dir) / keep_scope, ec), stop; !ec && e != stop;
       e.increment(ec)) {
    if (is_entry_name(e->path().filename().string()) && e->is_regular_file(ec)) {
      entries.push_back({e->last_write_time(ec), e->path()});
    }
  }
  std::sort(entries.begin(), entries.end());
  for (const auto& [time, path] : entries) {
    if (total <= limit) return;
    const uintmax_t size = fs::file_size(path, ec);
    if (!ec && fs::remove(path, ec)) total -= std::min<uint64_t>(total, size);
  }
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
    std::string why;
    const std::optional<std::string> text =
        read_regular_file(entries.back().path, kMaxCacheEntryBytes, "cache entry", why);
    if (!text || !parse_cache_entry(*text, entries.back().point, points[i], cfg, out[i])) {
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
  evict_cache_to(cache_limit_bytes(), scope);
  return out;
}

}  // namespace anesim
