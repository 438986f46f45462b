#include <anesim/present/advise_batch.h>

#include <algorithm>
#include <array>
#include <optional>
#include <vector>

#include <fmt/format.h>

#include <anesim/api/advise.h>
#include <anesim/api/advise_fleet.h>
#include <anesim/api/weight_format_fields.h>
#include <anesim/io/errors.h>
#include <anesim/io/text_functions.h>
#include <anesim/machine/chip_registry.h>
#include <anesim/present/advice_output.h>

namespace anesim::present {

using namespace api;  // the requests this front end fills

namespace {

// A line longer than this is not a question (a shape is a few dozen bytes).
constexpr size_t kMaxLineBytes = size_t{1} << 20;

constexpr std::array<const char*, 13> kKeys = {"id",     "model",    "cin",    "cout", "dtype",
                                               "kernel", "groups",   "config", "chip", "chips",
                                               "exact",  "simulate", "jobs"};

[[noreturn]] void refuse(const std::string& key, const std::string& what) {
  throw FieldError(key, fmt::format("{}: {}", field_mark(key), what));
}

std::optional<uint64_t> count_of(const Json& q, const char* key) {
  if (!q.contains(key)) return std::nullopt;
  if (!q[key].is_number_unsigned()) refuse(key, "expected a whole number");
  return q[key].get<uint64_t>();
}

std::string text_of(const Json& q, const char* key) {
  if (!q[key].is_string()) refuse(key, "expected a string");
  return q[key].get<std::string>();
}

bool flag_of(const Json& q, const char* key) {
  if (!q.contains(key)) return false;
  if (!q[key].is_boolean()) refuse(key, "expected true or false");
  return q[key].get<bool>();
}

void read_dtype(const Json& q, AdviseRequest& r) {
  if (!q.contains("dtype")) return;
  const Json& d = q["dtype"];
  if (d.is_string()) {
    r.dtype = dtype_field(d.get<std::string>());
    return;
  }
  if (!d.is_object() || d.empty()) {
    refuse("dtype", "expected a dtype name or an object of weight names to dtype names");
  }
  for (const auto& [pattern, value] : d.items()) {  // in the line's order: first match wins
    if (!value.is_string()) refuse("dtype", fmt::format("'{}': expected a dtype name", pattern));
    r.dtype.rules.push_back(DtypeRule{pattern, dtype_field(value.get<std::string>())});
  }
}

void read_kernel(const Json& q, AdviseRequest& r) {
  if (!q.contains("kernel")) return;
  const Json& k = q["kernel"];
  if (k.is_string()) {
    r.kernel = kernel_field(k.get<std::string>());
  } else if (k.is_array() && k.size() == 2 && k[0].is_number_unsigned() &&
             k[1].is_number_unsigned()) {
    r.kernel = kernel_field(fmt::format("{}x{}", k[0].get<uint64_t>(), k[1].get<uint64_t>()));
  } else {
    refuse("kernel", "expected \"KHxKW\" or [kh, kw]");
  }
}

// The chips of a fleet: a list of names, or a string (a group, or names joined by ',').
std::vector<std::string> chips_of(const Json& q) {
  const Json& c = q["chips"];
  if (c.is_string()) return fleet_chip_names(c.get<std::string>(), "chips");
  if (!c.is_array()) refuse("chips", "expected a list of chip names, or a string");
  std::string joined;
  for (const Json& name : c) {
    if (!name.is_string()) refuse("chips", "expected chip names (strings)");
    joined += (joined.empty() ? "" : ",") + name.get<std::string>();
  }
  return fleet_chip_names(joined, "chips");
}

// The answer to one request object: advise's JSON, or the fleet's.
Json answer(const Json& q, uint64_t jobs) {
  for (const auto& item : q.items()) {
    if (std::find(kKeys.begin(), kKeys.end(), item.key()) == kKeys.end()) {
      refuse(item.key(),
             fmt::format("not a key of a batch request (the keys: {})", fmt::join(kKeys, ", ")));
    }
  }
  AdviseRequest r;
  if (q.contains("model")) r.model = text_of(q, "model");
  r.cin = count_of(q, "cin");
  r.cout = count_of(q, "cout");
  r.groups = count_of(q, "groups");
  read_dtype(q, r);
  read_kernel(q, r);
  r.jobs = count_of(q, "jobs").value_or(jobs);
  r.exact = flag_of(q, "exact");
  if (q.contains("simulate")) {
    const std::string mode = text_of(q, "simulate");
    if (mode != "auto" && mode != "never") refuse("simulate", "expected \"auto\" or \"never\"");
    if (mode == "never" && r.exact) refuse("simulate", "\"never\" with exact: give one");
    r.without_simulation = mode == "never";
  }
  const int machines = q.contains("config") + q.contains("chip") + q.contains("chips");
  if (machines > 1) refuse("chips", "give one of config, chip and chips");
  if (q.contains("chips")) {
    FleetAdviseRequest f;
    f.chips = chips_of(q);
    f.advise = r;
    return fleet_json(advise_fleet(f));
  }
  if (q.contains("config")) r.machine.config = text_of(q, "config");
  if (q.contains("chip")) r.machine.config = chip_config_path(text_of(q, "chip"), "chip");
  return advice_json(advise(r));
}

// The message of a failed line: a field named as the request's key.
std::string message_of(const std::exception_ptr& e) {
  try {
    std::rethrow_exception(e);
  } catch (const FieldError& f) {
    return f.render([](const std::string& field) { return field; }, f.value());
  } catch (const NeedsSimulation& n) {
    return fmt::format("simulate never: this answer needs a simulation: {}", n.what());
  } catch (const std::exception& other) {
    return other.what();
  }
}

}  // namespace

void advise_batch(std::istream& in, const std::string& origin, uint64_t jobs,
                  const std::function<void(const BatchLine&)>& emit) {
  std::string text;
  for (uint64_t n = 1; std::getline(in, text); ++n) {
    if (text.find_first_not_of(" \t\r") == std::string::npos) continue;
    BatchLine line;
    line.line = n;
    line.out["line"] = n;
    Json q;
    try {
      if (text.size() > kMaxLineBytes) {
        throw InputError(
            fmt::format("{}:{}: the line is longer than {} bytes", origin, n, kMaxLineBytes));
      }
      try {
        q = Json::parse(text);
      } catch (const Json::exception& e) {
        throw InputError(fmt::format("not JSON: {}", printable(e.what(), 200)));
      }
      if (!q.is_object()) {
        throw InputError("expected one JSON object per line");
      }
      if (q.contains("id")) line.out["id"] = q["id"];
      line.out["answer"] = answer(q, jobs);
    } catch (...) {
      line.failure = std::current_exception();
      // Each message names the file and line, then the key (as the request spells it).
      line.out["error"] =
          printable_whole(fmt::format("{}:{}: {}", origin, n, message_of(line.failure)));
    }
    emit(line);
  }
  if (in.bad()) throw InputError(fmt::format("{}: cannot read the batch", origin));
}

}  // namespace anesim::present
