#include "src/config_loader.h"

#include <yaml-cpp/yaml.h>

#include <sys/stat.h>

#include <cerrno>
#include <cmath>
#include <cstring>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include <fmt/format.h>

#include "sim/units.h"
#include "src/builtin_config.h"

namespace anesim {

namespace {

std::string where(const std::string& origin, const YAML::Mark& m) {
  if (m.line < 0) {
    return origin;
  }
  return fmt::format("{}:{}:{}", origin, m.line + 1, m.column + 1);
}

// Text from the file as messages show it: control and non-ASCII bytes
// escaped, long text cut, so that a binary or huge file gives a one-line
// message.
std::string printable(const std::string& s, size_t max = 200) {
  std::string out;
  for (size_t i = 0; i < s.size() && i < max; ++i) {
    const auto ch = static_cast<unsigned char>(s[i]);
    if (ch < 0x20 || ch >= 0x7f) {
      out += fmt::format("\\x{:02x}", ch);
    } else {
      out += static_cast<char>(ch);
    }
  }
  if (s.size() > max) {
    out += "...";
  }
  return out;
}

std::string quoted(const std::string& s) { return "'" + printable(s, 60) + "'"; }

// One mapping of the file: reads its fields and rejects the ones it does not
// know once the reader has taken what it needs.
class Section {
 public:
  Section(const YAML::Node& node, std::string path, const std::string& origin,
          const YAML::Mark& parent_mark)
      : node_(node), path_(std::move(path)), origin_(origin) {
    if (!node_ || node_.IsNull()) {
      fail(parent_mark, path_, "missing section");
    }
    if (!node_.IsMap()) {
      fail(node_.Mark(), path_, "expected a mapping of keys to values");
    }
    // yaml-cpp keeps every copy of a repeated key and lookups return one of
    // them silently; a repeated key is almost always an editing mistake.
    std::map<std::string, YAML::Mark> keys;
    for (const auto& kv : node_) {
      if (!kv.first.IsScalar()) {
        fail(kv.first.Mark(), path_, "expected a plain key name (a scalar), got a collection");
      }
      const std::string key = kv.first.Scalar();
      const auto [it, fresh] = keys.emplace(key, kv.first.Mark());
      if (!fresh) {
        fail(kv.first.Mark(), name(key.c_str()),
             fmt::format("duplicate key (first given at line {})", it->second.line + 1));
      }
    }
  }

  Section child(const char* key) {
    seen_.insert(key);
    return Section(node_[key], name(key), origin_, node_.Mark());
  }

  uint64_t integer(const char* key, uint64_t min, uint64_t max) {
    const YAML::Node v = scalar(key);
    const std::string text = v.Scalar();
    errno = 0;
    char* end = nullptr;
    const bool digits = !text.empty() && text.find_first_not_of("0123456789") == std::string::npos;
    const unsigned long long n = digits ? std::strtoull(text.c_str(), &end, 10) : 0;
    if (!digits || errno == ERANGE) {
      const char* hint = !text.empty() && text[0] == '-' ? " (negative values are not allowed)"
                         : errno == ERANGE              ? " (too large for 64 bits)"
                                                        : "";
      fail(v.Mark(), name(key),
           fmt::format("expected a whole number, got {}{}", quoted(text), hint));
    }
    if (n < min || n > max) {
      fail(v.Mark(), name(key),
           fmt::format("{} is out of range (expected {}..{})", text, min, max));
    }
    return n;
  }

  uint32_t positive32(const char* key) {
    return static_cast<uint32_t>(integer(key, 1, UINT32_MAX));
  }

  uint32_t power_of_two(const char* key, uint64_t max) {
    const YAML::Node v = scalar(key);
    const uint64_t n = integer(key, 1, max);
    if (!is_pow2(n)) {
      fail(v.Mark(), name(key), fmt::format("{} is not a power of two", n));
    }
    return static_cast<uint32_t>(n);
  }

  // A real number in [min, max] (both positive).
  double positive_real(const char* key, double min, double max) {
    const YAML::Node v = scalar(key);
    double d = 0;
    std::istringstream in(v.Scalar());
    in >> d;
    if (in.fail() || !in.eof() || !std::isfinite(d) || d <= 0) {
      fail(v.Mark(), name(key),
           fmt::format("expected a positive number, got {}", quoted(v.Scalar())));
    }
    if (d < min || d > max) {
      fail(v.Mark(), name(key),
           fmt::format("{} is out of range (expected {}..{})", v.Scalar(), min, max));
    }
    return d;
  }

  bool boolean(const char* key) {
    const YAML::Node v = scalar(key);
    const std::string& s = v.Scalar();
    if (s == "true") {
      return true;
    }
    if (s == "false") {
      return false;
    }
    fail(v.Mark(), name(key), fmt::format("expected true or false, got {}", quoted(s)));
  }

  std::string text(const char* key) { return scalar(key).Scalar(); }

  // Every key the reader did not ask for is a mistake (a typo would
  // otherwise silently keep the default).
  void reject_unknown() const {
    for (const auto& kv : node_) {
      const std::string key = kv.first.Scalar();
      if (seen_.count(key) == 0) {
        fail(kv.first.Mark(), name(key.c_str()),
             "unknown key (configs/m3-air.yaml lists every key; unknown keys are errors)");
      }
    }
  }

  [[noreturn]] void fail(const YAML::Mark& m, const std::string& field,
                         const std::string& what) const {
    throw ConfigError(fmt::format("{}: {}: {}", where(origin_, m),
                                  field.empty() ? "top level" : field, what));
  }

  YAML::Mark mark_of(const char* key) const { return node_[key].Mark(); }

 private:
  std::string name(const char* key) const { return path_.empty() ? key : path_ + "." + key; }

  YAML::Node scalar(const char* key) {
    seen_.insert(key);
    const YAML::Node v = node_[key];
    if (!v) {
      fail(node_.Mark(), name(key), "missing key");
    }
    if (!v.IsScalar()) {
      fail(v.Mark(), name(key), "expected a single value");
    }
    return v;
  }

  YAML::Node node_;
  std::string path_;
  const std::string& origin_;
  std::set<std::string> seen_;
};

}  // namespace

static ModelConfig parse_document(const std::string& text, const std::string& origin);

ModelConfig parse_config(const std::string& text, const std::string& origin) {
  try {
    return parse_document(text, origin);
  } catch (const YAML::Exception& e) {
    // A yaml-cpp error while walking the tree (e.g. an alias cycle); the
    // loader's own checks throw ConfigError and pass through.
    throw ConfigError(fmt::format("{}: not a valid machine description: {}",
                                  where(origin, e.mark), printable(e.msg)));
  }
}

static ModelConfig parse_document(const std::string& text, const std::string& origin) {
  YAML::Node root;
  try {
    root = YAML::Load(text);
  } catch (const YAML::Exception& e) {
    throw ConfigError(
        fmt::format("{}: not valid YAML: {}", where(origin, e.mark), printable(e.msg)));
  }
  if (!root || root.IsNull()) {
    throw ConfigError(fmt::format("{}: the file is empty", origin));
  }
  ModelConfig cfg;
  cfg.source = origin;
  Section top(root, "", origin, root.Mark());

  Section dram = top.child("dram");
  cfg.dram.preset = dram.text("preset");
  // 1 MHz .. 100 GHz: the clock period (in whole ps in waveforms) must be
  // at least 10 ps, and max_cycles of it must fit SystemC's 64-bit time.
  cfg.dram.clock_mhz = dram.positive_real("clock_mhz", 1, 100000);
  cfg.dram.channels = dram.power_of_two("channels", 64);
  cfg.dram.channel_bytes_per_cycle = dram.positive32("channel_bytes_per_cycle");
  cfg.dram.banks = dram.power_of_two("banks", 256);
  cfg.dram.row_bytes = dram.power_of_two("row_bytes", 1u << 20);
  cfg.dram.queue_depth = static_cast<uint32_t>(dram.integer("queue_depth", 1, 65536));
  cfg.dram.bank_xor_hash = dram.boolean("bank_xor_hash");
  cfg.dram.close_page = dram.boolean("close_page");
  {
    Section t = dram.child("timings");
    DramTimings& d = cfg.dram.t;
    d.rl = t.positive32("rl");
    d.burst = t.positive32("burst");
    d.rcd = t.positive32("rcd");
    d.rp = t.positive32("rp");
    d.ras = t.positive32("ras");
    d.rtp = t.positive32("rtp");
    d.ccd = t.positive32("ccd");
    d.rrd = t.positive32("rrd");
    d.faw = t.positive32("faw");
    d.refi = static_cast<uint32_t>(t.integer("refi", 0, UINT32_MAX));  // 0: no refresh
    d.rfc = t.positive32("rfc");
    if (d.refi != 0 && d.rfc >= d.refi) {
      t.fail(t.mark_of("rfc"), "dram.timings.rfc",
             fmt::format("{} is not less than refi ({}): the channel would refresh forever "
                         "(set refi: 0 to disable refresh)",
                         d.rfc, d.refi));
    }
    t.reject_unknown();
  }
  dram.reject_unknown();
  if (cfg.dram.row_bytes < kLineBytes) {
    throw ConfigError(fmt::format("{}: dram.row_bytes: a row must hold at least one 64 B line",
                                  origin));
  }

  Section fabric = top.child("fabric");
  cfg.fabric.request_latency = fabric.positive32("request_latency");
  cfg.fabric.response_latency = fabric.positive32("response_latency");
  cfg.fabric.credits_per_core = fabric.positive32("credits_per_core");
  cfg.fabric.port_cycles_per_line = fabric.positive32("port_cycles_per_line");
  fabric.reject_unknown();

  Section ane = top.child("ane");
  cfg.ane.cores = static_cast<uint32_t>(ane.integer("cores", 1, 16));
  // The Verilated ring is built with KmemLines = 1024 (a parameter of
  // rtl/kdma_prefetch_ring.sv); the harness's KMem must hold as many.
  cfg.ane.kmem_lines = static_cast<uint32_t>(ane.integer("kmem_lines", 1024, 1024));
  cfg.ane.task_dispatch_cycles = static_cast<uint32_t>(ane.integer("task_dispatch_cycles", 0, UINT32_MAX));
  cfg.ane.launch_overhead_cycles =
      static_cast<uint32_t>(ane.integer("launch_overhead_cycles", 0, UINT32_MAX));
  ane.reject_unknown();

  Section sim = top.child("simulation");
  cfg.sim.max_cycles = sim.integer("max_cycles", 1, UINT64_MAX);
  cfg.sim.quantum_cycles = sim.positive32("quantum_cycles");
  // SystemC time is 64 bits of picoseconds (about 213 days).
  if (static_cast<double>(cfg.sim.max_cycles) * cfg.cycle_ns() * 1000.0 > 1.8e19) {
    sim.fail(sim.mark_of("max_cycles"), "simulation.max_cycles",
             fmt::format("{} cycles at {} MHz exceed SystemC's time range (2^64 ps)",
                         cfg.sim.max_cycles, cfg.dram.clock_mhz));
  }
  sim.reject_unknown();

  top.reject_unknown();
  return cfg;
}

ModelConfig load_config_file(const std::string& path) {
  if (path.empty()) {
    throw ConfigError("--config: empty file name");
  }
  struct stat st {};
  if (stat(path.c_str(), &st) != 0) {
    throw ConfigError(fmt::format("{}: cannot open config file: {}", path, std::strerror(errno)));
  }
  if (S_ISDIR(st.st_mode)) {
    throw ConfigError(fmt::format("{}: cannot open config file: is a directory", path));
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    throw ConfigError(fmt::format("{}: cannot open config file: {}", path, std::strerror(errno)));
  }
  // Read at most one byte past the limit (pipes have no size to stat).
  std::string text(kMaxConfigBytes + 1, '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  if (in.bad()) {
    throw ConfigError(fmt::format("{}: cannot read config file: {}", path, std::strerror(errno)));
  }
  text.resize(static_cast<size_t>(in.gcount()));
  if (text.size() > kMaxConfigBytes) {
    throw ConfigError(fmt::format(
        "{}: config file too large (more than {} bytes; a machine description is a few KiB)",
        path, kMaxConfigBytes));
  }
  return parse_config(text, path);
}

ModelConfig load_config_or_builtin(const std::string& path) {
  return path.empty() ? builtin_config() : load_config_file(path);
}

ModelConfig builtin_config() { return parse_config(kBuiltinConfigYaml, "<built-in m3-air>"); }

}  // namespace anesim
