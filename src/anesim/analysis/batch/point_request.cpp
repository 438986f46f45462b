#include <anesim/analysis/batch/point_request.h>

#include <cstdint>
#include <limits>
#include <optional>
// std::is_integral_v and friends: IWYU 0.18 does not attribute uses of
// variable templates to their header.
#include <type_traits>  // IWYU pragma: keep
#include <vector>

#include <fmt/format.h>

#include <anesim/io/errors.h>
#include <sim/ring/ring_variant.h>

namespace anesim {

namespace {

// A count must be a whole number within its type: nlohmann converts a float
// (or an integer too large for 64 bits, read as one) without a check.
template <typename T>
void check_count(const Json& v, const char* key) {
  if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
    if (!v.is_number_unsigned() || v.get<uint64_t>() > std::numeric_limits<T>::max()) {
      throw InputError(fmt::format("--point-stdin: {}: expected a whole number from 0 to {}", key,
                                   uint64_t{std::numeric_limits<T>::max()}));
    }
  }
}

template <typename T>
struct ElementOf {
  using type = void;
};
template <typename E>
struct ElementOf<std::vector<E>> {
  using type = E;
};

template <typename T>
T field(const Json& j, const char* key) {
  try {
    const Json& v = j.at(key);
    using E = typename ElementOf<T>::type;
    if constexpr (!std::is_void_v<E>) {
      if (!v.is_array()) throw InputError(fmt::format("--point-stdin: {}: expected a list", key));
      for (const Json& item : v) check_count<E>(item, key);
    } else {
      check_count<T>(v, key);
    }
    return v.get<T>();
  } catch (const Json::exception& e) {
    throw InputError(fmt::format("--point-stdin: {}: {}", key, e.what()));
  }
}

template <typename T>
T optional_field(const Json& j, const char* key) {
  return j.contains(key) ? field<T>(j, key) : T{};
}

}  // namespace

Json point_request_json(const SimPoint& p) {
  Json j = {{"variant", variant_name(p.variant)},
            {"lines", p.lines_per_core},
            {"cores", p.cores},
            {"split", p.split},
            {"base_line", p.base_line}};
  if (!p.task_lines.empty()) j["task_lines"] = p.task_lines;
  if (!p.task_ops.empty()) j["task_ops"] = p.task_ops;
  if (!p.program_starts.empty()) j["program_starts"] = p.program_starts;
  if (!p.task_gaps.empty()) j["task_gaps"] = p.task_gaps;
  if (!p.task_drain.empty()) j["task_drain"] = p.task_drain;  // a cache key must hold it
  if (p.memory_share) j["memory_share"] = true;
  if (p.max_cycles != 0) j["max_cycles"] = p.max_cycles;
  return j;
}

SimPoint parse_point_request(const std::string& text) {
  Json j;
  try {
    j = Json::parse(text);
  } catch (const Json::exception& e) {
    throw InputError(fmt::format("--point-stdin: not a JSON object: {}", e.what()));
  }
  if (!j.is_object()) {
    throw InputError("--point-stdin: not a JSON object");
  }
  SimPoint p;
  const std::string name = field<std::string>(j, "variant");
  const std::optional<RingVariant> v = find_variant(name);
  if (!v) {
    throw InputError(fmt::format("--point-stdin: variant: unknown variant '{}'", name));
  }
  p.variant = *v;
  p.lines_per_core = field<uint32_t>(j, "lines");
  p.cores = field<uint32_t>(j, "cores");
  p.split = field<uint32_t>(j, "split");
  p.base_line = field<uint32_t>(j, "base_line");
  p.task_lines = optional_field<std::vector<uint32_t>>(j, "task_lines");
  p.task_ops = optional_field<std::vector<uint32_t>>(j, "task_ops");
  p.program_starts = optional_field<std::vector<uint32_t>>(j, "program_starts");
  p.task_gaps = optional_field<std::vector<uint32_t>>(j, "task_gaps");
  p.task_drain = optional_field<std::vector<double>>(j, "task_drain");
  p.memory_share = optional_field<bool>(j, "memory_share");
  p.max_cycles = optional_field<uint64_t>(j, "max_cycles");
  return p;
}

SimPointResult parse_point_report(const std::string& json_text) {
  SimPointResult r;
  try {
    const Json j = Json::parse(json_text);
    r.time_us = j.at("time_us").get<double>();
    r.gbps = j.at("gbps").get<double>();
    r.lines_prefetched = j.at("lines_prefetched").get<uint64_t>();
    r.lines_demand = j.at("lines_demand").get<uint64_t>();
    r.k = j.at("k").get<int64_t>();
    r.x = j.at("x").get<int64_t>();
    r.notch = j.at("notch").get<bool>();
    r.sim_cycles = j.at("sim_cycles").get<uint64_t>();
    if (j.contains("task_dispatch_cycles")) {
      r.task_dispatch_cycles = j.at("task_dispatch_cycles").get<std::vector<uint64_t>>();
      r.task_finish_cycles = j.at("task_finish_cycles").get<std::vector<uint64_t>>();
    }
    r.ok = true;
  } catch (const Json::exception& e) {
    r = SimPointResult{};
    r.error = fmt::format("unreadable report ({}): {}", e.what(), json_text.substr(0, 200));
  }
  return r;
}

}  // namespace anesim
