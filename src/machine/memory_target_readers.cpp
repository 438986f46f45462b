#include <anesim/machine/memory_target_readers.h>

#include <fmt/format.h>

#include <anesim/io/text_functions.h>

namespace anesim {

namespace {

void read_lpddr5(YamlSection&, MemoryConfig&) {}  // the dram section describes it

void read_fixed_latency(YamlSection& memory, MemoryConfig& cfg) {
  cfg.latency_ns = memory.positive_real("latency_ns", 0.001, 1e6);
  cfg.bandwidth_gbps = memory.positive_real("bandwidth_gbps", 0.001, 1e5);
  cfg.queue_depth = static_cast<uint32_t>(memory.integer("queue_depth", 1, 65536));
}

const MemoryTargetReader* find_reader(const std::string& name) {
  for (const MemoryTargetReader& reader : memory_target_readers()) {
    if (name == reader.name) {
      return &reader;
    }
  }
  return nullptr;
}

}  // namespace

const std::vector<MemoryTargetReader>& memory_target_readers() {
  static const std::vector<MemoryTargetReader> readers = {
      {"lpddr5", "", &read_lpddr5},
      {"fixed_latency", "latency_ns, bandwidth_gbps, queue_depth", &read_fixed_latency},
  };
  return readers;
}

void read_memory_section(YamlSection& memory, MemoryConfig& cfg) {
  std::string names;
  std::string keys;
  for (const MemoryTargetReader& reader : memory_target_readers()) {
    names += (names.empty() ? "" : ", ") + std::string(reader.name);
    keys += fmt::format("{}{} takes {}", keys.empty() ? "memory.target " : "; ", reader.name,
                        *reader.keys != '\0' ? reader.keys : "no other key");
  }
  const std::string target = memory.text("target");
  const MemoryTargetReader* reader = find_reader(target);
  if (reader == nullptr) {
    memory.fail(memory.mark_of("target"), "memory.target",
                fmt::format("'{}' is not a memory target ({})", printable(target), names));
  }
  cfg.target = reader->name;
  reader->read(memory, cfg);
  memory.reject_unknown(keys);
}

}  // namespace anesim
