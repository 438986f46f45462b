#include "src/config_loader.h"

#include <yaml-cpp/yaml.h>

#include <cerrno>
#include <cmath>
#include <cstring>
#include <fstream>
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
      fail(v.Mark(), name(key), fmt::format("expected a whole number, got '{}'", text));
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

  double positive_real(const char* key) {
    const YAML::Node v = scalar(key);
    double d = 0;
    std::istringstream in(v.Scalar());
    in >> d;
    if (in.fail() || !in.eof() || !std::isfinite(d) || d <= 0) {
      fail(v.Mark(), name(key),
           fmt::format("expected a positive number, got '{}'", v.Scalar()));
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
    fail(v.Mark(), name(key), fmt::format("expected true or false, got '{}'", s));
  }

  std::string text(const char* key) { return scalar(key).Scalar(); }

  // Every key the reader did not ask for is a mistake (a typo would
  // otherwise silently keep the default).
  void reject_unknown() const {
    for (const auto& kv : node_) {
      const std::string key = kv.first.Scalar();
      if (seen_.count(key) == 0) {
        fail(kv.first.Mark(), name(key.c_str()), "unknown key");
      }
    }
  }

  [[noreturn]] void fail(const YAML::Mark& m, const std::string& field,
                         const std::string& what) const {
    throw ConfigError(fmt::format("{}: {}: {}", where(origin_, m), field, what));
  }

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

ModelConfig parse_config(const std::string& text, const std::string& origin) {
  YAML::Node root;
  try {
    root = YAML::Load(text);
  } catch (const YAML::Exception& e) {
    throw ConfigError(fmt::format("{}: not valid YAML: {}", where(origin, e.mark), e.msg));
  }
  if (!root || root.IsNull()) {
    throw ConfigError(fmt::format("{}: the file is empty", origin));
  }
  ModelConfig cfg;
  cfg.source = origin;
  Section top(root, "", origin, root.Mark());

  Section dram = top.child("dram");
  cfg.dram.preset = dram.text("preset");
  cfg.dram.clock_mhz = dram.positive_real("clock_mhz");
  cfg.dram.channels = dram.power_of_two("channels", 64);
  cfg.dram.channel_bytes_per_cycle = dram.positive32("channel_bytes_per_cycle");
  cfg.dram.banks = dram.power_of_two("banks", 256);
  cfg.dram.row_bytes = dram.power_of_two("row_bytes", 1u << 20);
  cfg.dram.queue_depth = dram.positive32("queue_depth");
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
  cfg.ane.kmem_lines = ane.positive32("kmem_lines");
  cfg.ane.task_dispatch_cycles = static_cast<uint32_t>(ane.integer("task_dispatch_cycles", 0, UINT32_MAX));
  cfg.ane.launch_overhead_cycles =
      static_cast<uint32_t>(ane.integer("launch_overhead_cycles", 0, UINT32_MAX));
  ane.reject_unknown();

  Section sim = top.child("simulation");
  cfg.sim.max_cycles = sim.integer("max_cycles", 1, UINT64_MAX);
  cfg.sim.quantum_cycles = sim.positive32("quantum_cycles");
  sim.reject_unknown();

  top.reject_unknown();
  return cfg;
}

ModelConfig load_config_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    throw ConfigError(fmt::format("{}: cannot open config file: {}", path, std::strerror(errno)));
  }
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) {
    throw ConfigError(fmt::format("{}: cannot read config file", path));
  }
  return parse_config(text.str(), path);
}

ModelConfig builtin_config() { return parse_config(kBuiltinConfigYaml, "<built-in m3-air>"); }

}  // namespace anesim
