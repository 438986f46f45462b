#include <anesim/analysis/bench/sc_clock_reference.h>

#include <unistd.h>

#include <stdexcept>
#include <vector>

#include <fmt/format.h>

#include <anesim/io/atomic_output.h>
#include <anesim/io/child_processes.h>
#include <anesim/io/json.h>
#include <sim/ring/ring_variant.h>

namespace anesim {

std::string self_executable() {
  std::string self(4096, '\0');
  const ssize_t n = readlink("/proc/self/exe", self.data(), self.size());
  self.resize(n > 0 ? static_cast<size_t>(n) : 0);
  return self;
}

std::string sc_clock_executable() {
  return parent_directory(self_executable()) + "/anesim_sc_clock_bench";
}

ScClockTiming measure_sc_clock_rings(RingVariant variant, uint32_t cores, const Task& task,
                                     uint64_t cycles) {
  const std::string bin = sc_clock_executable();
  if (access(bin.c_str(), X_OK) != 0) {
    throw std::runtime_error(fmt::format(
        "bench: the sc_clock reference {} is missing (the build makes it with anesim: cmake "
        "--build BUILD --target anesim_sc_clock_bench)",
        bin));
  }
  const std::vector<std::vector<std::string>> command = {
      {bin, variant_name(variant), std::to_string(cores), std::to_string(task.start_line),
       std::to_string(task.lines), std::to_string(cycles)}};
  const ChildResult c = run_children(command, 1, {}).at(0);
  ScClockTiming t;
  try {
    if (c.exit_code != 0) {
      std::string err = c.err;
      while (!err.empty() && (err.back() == '\n' || err.back() == '\r')) {
        err.pop_back();
      }
      throw std::runtime_error(fmt::format("exit {}: {}", c.exit_code, err));
    }
    const Json j = Json::parse(c.out);
    t.seconds = j.at("seconds").get<double>();
    t.lines_retired = j.at("lines_retired").get<uint64_t>();
    if (j.at("cycles").get<uint64_t>() != cycles) {
      throw std::runtime_error("it ran another number of cycles");
    }
  } catch (const std::exception& e) {
    throw std::runtime_error(
        fmt::format("bench: the sc_clock reference {} failed: {}", bin, e.what()));
  }
  return t;
}

}  // namespace anesim
