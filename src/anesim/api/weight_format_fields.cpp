#include <anesim/api/weight_format_fields.h>

#include <algorithm>

#include <fmt/format.h>

#include <anesim/io/count_text.h>
#include <anesim/io/errors.h>
#include <anesim/io/text_functions.h>
#include <anesim/model/model_transfers.h>

namespace anesim::api {

Dtype dtype_field(const std::string& text, const std::string& field) {
  const std::optional<Dtype> d = dtype_named(text);
  if (!d) {
    throw FieldError(field,
                     fmt::format("{}: '{}' is not a dtype (expected one of: {})", field_mark(field),
                                 value_mark(), dtype_list()),
                     printable(text, 40));
  }
  return *d;
}

std::vector<DtypeRule> dtype_rules_field(const std::string& text, const std::string& field) {
  if (text.find('=') == std::string::npos) return {DtypeRule{"*", dtype_field(text, field)}};
  std::vector<DtypeRule> rules;
  size_t start = 0;
  while (start <= text.size()) {
    const size_t end = std::min(text.find(',', start), text.size());
    const std::string item = text.substr(start, end - start);
    const size_t eq = item.find('=');
    if (eq == std::string::npos || eq == 0) {
      throw FieldError(field,
                       fmt::format("{}: '{}' is not NAME=DTYPE (give e.g. lm_head=lut6,*=lut4)",
                                   field_mark(field), value_mark()),
                       printable(item, 80));
    }
    DtypeRule r{item.substr(0, eq), dtype_field(item.substr(eq + 1), field)};
    for (const DtypeRule& before : rules) {
      if (before.pattern == r.pattern) {
        throw FieldError(field, fmt::format("{}: '{}' is given twice", field_mark(field),
                                            printable(r.pattern, 80)));
      }
    }
    rules.push_back(std::move(r));
    start = end + 1;
  }
  return rules;
}

DtypeChoice dtype_choice_field(const std::string& text, const std::string& field) {
  DtypeChoice d;
  if (text.find('=') != std::string::npos) {
    d.rules = dtype_rules_field(text, field);  // NAME=DTYPE,...
  } else {
    d.every = dtype_field(text, field);
  }
  return d;
}

void apply_dtype_field(ModelDescription& m, const DtypeChoice& d, const std::string& field) {
  if (d.every) set_dtype(m, *d.every);
  if (!d.rules.empty()) apply_dtype_rules_field(m, d.rules, field);
}

void apply_dtype_rules_field(ModelDescription& m, const std::vector<DtypeRule>& rules,
                             const std::string& field) {
  const std::vector<std::string> unused = apply_dtype_rules(m, rules);
  if (unused.empty()) return;
  std::vector<std::string> names;
  for (const Transfer& t : model_transfers(m, nullptr)) {
    const bool palette = t.name.size() > 8 && t.name.compare(t.name.size() - 8, 8, ".palette") == 0;
    if (!palette && std::find(names.begin(), names.end(), t.name) == names.end()) {
      names.push_back(t.name);  // a palette follows its weight's format
    }
  }
  std::string listed;
  for (const std::string& n : names) listed += (listed.empty() ? "" : ", ") + printable(n, 80);
  const std::string& pattern = unused.front();
  const bool shadowed = std::any_of(names.begin(), names.end(),
                                    [&](const std::string& n) { return name_matches(pattern, n); });
  if (shadowed) {
    throw FieldError(field, fmt::format("{}: '{}' gives no weight its format: every weight it "
                                        "matches takes an earlier rule's (the first match wins; "
                                        "put it before)",
                                        field_mark(field), printable(pattern, 80)));
  }
  throw FieldError(
      field, fmt::format("{}: '{}' matches no weight of {} (its weights: {})", field_mark(field),
                         printable(pattern, 80), printable(m.display_name, 80), listed));
}

Kernel kernel_field(const std::string& text, const std::string& field) {
  const auto k = kernel_from_text(text);
  if (!k) {
    throw FieldError(
        field,
        fmt::format("{}: '{}' is not a kernel (expected KHxKW, each 1..4096, e.g. 3x3)",
                    field_mark(field), value_mark()),
        printable(text, 40));
  }
  return {k->first, k->second};
}

WeightFormat check_layer_format(uint64_t cin, uint64_t cout, const std::optional<Dtype>& dtype,
                                const std::optional<Kernel>& kernel,
                                const std::optional<uint64_t>& groups) {
  WeightFormat f;
  f.dtype = dtype.value_or(Dtype::kFp16);
  if (kernel) {
    check_count_field(kernel->first, "kernel", 1, 4096);
    check_count_field(kernel->second, "kernel", 1, 4096);
    f.kh = static_cast<uint32_t>(kernel->first);
    f.kw = static_cast<uint32_t>(kernel->second);
  }
  if (groups) {
    check_count_field(*groups, "groups", 1, cin);
    if (cin % *groups != 0 || cout % *groups != 0) {
      throw FieldError("groups",
                       fmt::format("{}: {} does not divide {} {} and {} {}", field_mark("groups"),
                                   value_mark(), field_mark("cin"), cin, field_mark("cout"), cout),
                       std::to_string(*groups));
    }
    f.groups = static_cast<uint32_t>(*groups);
  }
  if (payload_lines(cin, cout, f) == 0) {
    throw FieldError("cin",
                     fmt::format("{} {} {} {}: the per-core transfer exceeds 2^32-1 lines "
                                 "({})",
                                 field_mark("cin"), cin, field_mark("cout"), cout, format_text(f)));
  }
  return f;
}

}  // namespace anesim::api
