#include <anesim/machine/machine_config_reader.h>

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <optional>

#include <fmt/format.h>

#include <anesim/io/text_file.h>
#include <anesim/io/text_functions.h>
#include <anesim/io/yaml_section.h>
#include <anesim/machine/builtin_config.h>
#include <anesim/machine/config_overlay.h>
#include <anesim/machine/memory_target_readers.h>
#include <anesim/machine/refresh_policy_readers.h>
#include <anesim/sim/ring/geometry.h>
#include <anesim/sim/ring/ring_variant.h>

namespace anesim {

namespace {

constexpr const char* kKeysHint =
    "configs/chips/m3-air.yaml lists every key; unknown keys are errors";

}  // namespace

static MachineConfig parse_document(const std::string& text, const std::string& origin);

MachineConfig parse_config(const std::string& text, const std::string& origin) {
  try {
    return parse_document(text, origin);
  } catch (const YAML::Exception& e) {
    // A yaml-cpp error while walking the tree (e.g. an alias cycle); the
    // loader's own checks throw ConfigError and pass through.
    throw ConfigError(fmt::format("{}: not a valid machine description: {}",
                                  yaml_where(origin, e.mark), printable(e.msg)));
  }
}

static MachineConfig parse_document(const std::string& text, const std::string& origin) {
  const YamlSection loaded = load_yaml_document(
      text, origin, [](const std::string& message) { throw ConfigError(message); });
  std::vector<std::string> chain;
  return parse_merged_config(merge_over_base(loaded.node(), origin, chain), origin);
}

MachineConfig parse_merged_config(const YAML::Node& root, const std::string& origin) {
  YamlSection top(root, "", origin, root.Mark(),
                  [](const std::string& message) { throw ConfigError(message); });
  MachineConfig cfg;
  cfg.source = origin;

  YamlSection dram = top.child("dram");
  cfg.dram.preset = dram.text("preset");
  // 1 MHz .. 100 GHz: the clock period (in whole ps in waveforms) must be
  // at least 10 ps, and max_cycles of it must fit SystemC's 64-bit time.
  cfg.dram.clock_mhz = dram.positive_real("clock_mhz", 1, 100000);
  // x16 channels: a power of two, or three times one for the 192- and
  // 384-bit buses of the M3 Pro and a binned Max (12 and 24 channels).
  cfg.dram.channels = static_cast<uint32_t>(dram.integer("channels", 1, 64));
  if (const uint32_t c = cfg.dram.channels; (c & (c - 1)) != 0 && c != 12 && c != 24 && c != 48) {
    dram.fail(dram.mark_of("channels"), "dram.channels",
              fmt::format("{} is not a power of two (nor 12, 24 or 48: a 192-, 384- or "
                          "768-bit bus of x16 channels)",
                          c));
  }
  cfg.dram.channel_bytes_per_cycle = dram.positive32("channel_bytes_per_cycle");
  cfg.dram.banks = dram.power_of_two("banks", 256);
  cfg.dram.row_bytes = dram.power_of_two("row_bytes", 1u << 20);
  cfg.dram.queue_depth = static_cast<uint32_t>(dram.integer("queue_depth", 1, 65536));
  cfg.dram.bank_xor_hash = dram.boolean("bank_xor_hash");
  cfg.dram.close_page = dram.boolean("close_page");
  // Optional: the first registered policy (all_bank) by default.
  const RefreshPolicyReader& refresh = read_refresh_name(dram);
  cfg.dram.refresh = refresh.name;
  {
    YamlSection t = dram.child("timings");
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
    // The policy's own timings; another policy's are refused.
    read_refresh_timings(refresh, dram, t, cfg.dram);
    t.reject_unknown(kKeysHint);
  }
  dram.reject_unknown(kKeysHint);
  if (cfg.dram.row_bytes < kLineBytes) {
    throw ConfigError(
        fmt::format("{}: dram.row_bytes: a row must hold at least one 64 B line", origin));
  }

  YamlSection fabric = top.child("fabric");
  cfg.fabric.request_latency = fabric.positive32("request_latency");
  cfg.fabric.response_latency = fabric.positive32("response_latency");
  cfg.fabric.credits_per_core = fabric.positive32("credits_per_core");
  cfg.fabric.port_cycles_per_line = fabric.positive_real("port_cycles_per_line", 1, 1e6);
  fabric.reject_unknown(kKeysHint);

  YamlSection ane = top.child("ane");
  cfg.ane.cores = static_cast<uint32_t>(ane.integer("cores", 1, 16));
  // The Verilated ring is built with KmemLines = 1024 (a parameter of
  // rtl/kdma_prefetch_ring.sv); the harness's KMem must hold as many.
  cfg.ane.kmem_lines = static_cast<uint32_t>(ane.integer("kmem_lines", 1024, 1024));
  cfg.ane.task_dispatch_cycles =
      static_cast<uint32_t>(ane.integer("task_dispatch_cycles", 0, UINT32_MAX));
  cfg.ane.launch_overhead_cycles =
      static_cast<uint32_t>(ane.integer("launch_overhead_cycles", 0, UINT32_MAX));
  // Optional: only a decode step has ops between its tasks (docs/decode.md).
  cfg.ane.op_overhead_cycles =
      static_cast<uint32_t>(ane.integer_or("op_overhead_cycles", 0, UINT32_MAX, 0));
  // Optional: one read in flight, the strict stop-and-go, by default. The
  // ring's demand_depth_i port is 4 bits wide.
  cfg.ane.demand_depth = static_cast<uint32_t>(ane.integer_or("demand_depth", 1, 15, 1));
  if (ane.has("ring_variant")) {  // optional: the M3 Air's erratum by default
    const std::string name = ane.text("ring_variant");
    const std::optional<RingVariant> variant = find_variant(name);
    if (!variant) {
      ane.fail(ane.mark_of("ring_variant"), "ane.ring_variant",
               fmt::format("'{}' is not a variant ({})", printable(name), variant_choices()));
    }
    cfg.ane.ring_variant = *variant;
  }
  if (ane.has("drain")) {  // optional: every format at the kernel DMA's pace by default
    YamlSection drain = ane.child("drain");
    for (const char* format : kDrainFormats) {
      if (drain.has(format)) {
        cfg.ane.drain_gweights_per_s[format] = drain.positive_real(format, 0.001, 1e6);
      }
    }
    std::string formats;
    for (const char* f : kDrainFormats) formats += (formats.empty() ? "" : ", ") + std::string(f);
    drain.reject_unknown("ane.drain takes the stored formats " + formats);
  }
  ane.reject_unknown(kKeysHint);

  YamlSection power = top.child("power");
  cfg.power.start_clock_mhz = power.positive_real("start_clock_mhz", 1, cfg.dram.clock_mhz);
  cfg.power.boost_after_cycles = power.integer("boost_after_cycles", 0, UINT32_MAX);
  power.reject_unknown(kKeysHint);

  // Optional: without it the built-in LPDDR5 channels serve the reads.
  if (top.has("memory")) {
    YamlSection memory = top.child("memory");
    read_memory_section(memory, cfg.memory);
  }

  YamlSection sim = top.child("simulation");
  cfg.sim.max_cycles = sim.integer("max_cycles", 1, UINT64_MAX);
  cfg.sim.quantum_cycles = sim.positive32("quantum_cycles");
  // SystemC time is 64 bits of picoseconds (about 213 days).
  if (cfg.cycles_to_ns(cfg.sim.max_cycles) * 1000.0 > 1.8e19) {
    sim.fail(sim.mark_of("max_cycles"), "simulation.max_cycles",
             fmt::format("{} cycles at {} MHz exceed SystemC's time range (2^64 ps)",
                         cfg.sim.max_cycles, cfg.dram.clock_mhz));
  }
  sim.reject_unknown(kKeysHint);

  top.reject_unknown(kKeysHint);
  return cfg;
}

MachineConfig load_config_file(const std::string& path) {
  if (path.empty()) {
    throw ConfigError("--config: empty file name");
  }
  std::string why;
  const std::optional<std::string> text = read_text_file(path, kMaxConfigBytes, "config file", why);
  if (!text) {
    throw ConfigError(fmt::format(
        "{}: {}{}", path, why,
        why.find("too large") != std::string::npos ? " (a machine description is a few KiB)" : ""));
  }
  return parse_config(*text, path);
}

MachineConfig load_config_or_builtin(const std::string& path) {
  return path.empty() ? builtin_config() : load_config_file(path);
}

MachineConfig builtin_config() { return parse_config(kBuiltinConfigYaml, "<built-in m3-air>"); }

}  // namespace anesim
