#include <anesim/api/weight_format_fields.h>

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

std::pair<uint64_t, uint64_t> kernel_field(const std::string& text, const std::string& field) {
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
                                const std::optional<std::pair<uint64_t, uint64_t>>& kernel,
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
