#include <anesim/machine/machine_config_reader.h>

#include <yaml-cpp/yaml.h>

#include <optional>

#include <fmt/format.h>

#include <anesim/io/text_file.h>
#include <anesim/io/text_functions.h>
#include <anesim/io/yaml_section.h>
#include <anesim/machine/builtin_config.h>
#include <anesim/machine/config_overlay.h>
#include <anesim/machine/dram_section_reader.h>
#include <sim/ring/ring_variant.h>

namespace anesim {

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

  read_dram_section(top, cfg.dram);

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

  // Optional: without it the dram section's channels serve the reads.
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
