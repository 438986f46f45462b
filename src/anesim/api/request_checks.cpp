#include <anesim/api/request_checks.h>

#include <algorithm>

#include <fmt/format.h>

#include <anesim/io/count_text.h>
#include <anesim/io/errors.h>
#include <anesim/io/text_functions.h>
#include <sim/core/workload.h>
#include <sim/ring/ring_variant.h>

namespace anesim::api {

LayerShape check_shape(uint64_t cin, uint64_t cout) {
  check_count_field(cin, "cin", 1, UINT32_MAX);
  check_count_field(cout, "cout", 1, UINT32_MAX);
  const uint64_t lines = lines_for_shape(cin, cout);
  if (lines == 0) {
    throw FieldError("cin", fmt::format("{} {} {} {}: the per-core transfer exceeds 2^32-1 lines",
                                        field_mark("cin"), cin, field_mark("cout"), cout));
  }
  return LayerShape{cin, cout, static_cast<uint32_t>(lines)};
}

uint32_t check_size(const std::optional<uint64_t>& lines, const std::optional<uint64_t>& cin,
                    const std::optional<uint64_t>& cout) {
  if (lines) {
    if (cin || cout) {
      throw FieldError("lines", fmt::format("{} excludes {}: give the size once",
                                            field_mark("lines"), field_mark(cin ? "cin" : "cout")));
    }
    check_count_field(*lines, "lines", 1, UINT32_MAX);
    return static_cast<uint32_t>(*lines);
  }
  if (!cin && !cout) {
    throw FieldError(
        "lines", fmt::format("no transfer size: give {} N, or {} D with {} N", field_mark("lines"),
                             field_mark("cin"), field_mark("cout")));
  }
  if (!cin || !cout) {
    const char* given = cin ? "cin" : "cout";
    const char* missing = cin ? "cout" : "cin";
    throw FieldError(missing, fmt::format("{} needs {}", field_mark(given), field_mark(missing)));
  }
  return check_shape(*cin, *cout).lines_per_core;
}

uint32_t check_cores(const std::optional<uint64_t>& cores, const MachineConfig& cfg,
                     const std::string& field) {
  if (!cores) {
    return cfg.ane.cores;
  }
  check_count_field(*cores, field, 1, 16);
  if (*cores > cfg.ane.cores) {
    throw FieldError(field,
                     fmt::format("{}: {} is more than the {} cores of {}", field_mark(field),
                                 value_mark(), cfg.ane.cores, cfg.source),
                     std::to_string(*cores));
  }
  return static_cast<uint32_t>(*cores);
}

RingVariant variant_named(const std::string& name, const std::string& field) {
  const auto variant = find_variant(name);
  if (!variant) {
    throw FieldError(field,
                     fmt::format("{}: '{}' is not a variant (expected one of: {})",
                                 field_mark(field), value_mark(), variant_choices()),
                     printable(name, 40));
  }
  return *variant;
}

void check_distinct(const std::vector<RingVariant>& variants, const std::string& field) {
  for (size_t i = 0; i < variants.size(); ++i) {
    if (std::find(variants.begin(), variants.begin() + i, variants[i]) != variants.begin() + i) {
      throw FieldError(field, fmt::format("{}: '{}' is listed twice (each variant once)",
                                          field_mark(field), variant_name(variants[i])));
    }
  }
}

void check_detrend(const std::string& detrend) {
  if (detrend != "mean" && detrend != "linear") {
    throw FieldError(
        "detrend",
        fmt::format("{}: '{}' is not mean or linear", field_mark("detrend"), value_mark()),
        printable(detrend, 40));
  }
}

}  // namespace anesim::api
