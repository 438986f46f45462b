#include <anesim/python/python_formats.h>

#include <string>

#include <fmt/format.h>

#include <anesim/api/weight_format_fields.h>
#include <anesim/io/errors.h>
#include <anesim/python/python_values.h>

namespace anesim::python {

std::optional<Dtype> dtype_value(const py::handle& value) {
  if (value.is_none() || py::isinstance<py::dict>(value)) return std::nullopt;
  return api::dtype_field(text_argument(value, "dtype"));
}

std::vector<DtypeRule> dtype_rules_value(const py::handle& value) {
  std::vector<DtypeRule> rules;
  if (!py::isinstance<py::dict>(value)) return rules;
  for (const auto& [key, dtype] : py::reinterpret_borrow<py::dict>(value)) {
    if (!py::isinstance<py::str>(key)) {
      throw py::type_error(
          fmt::format("dtype: expected weight names (str) as keys, got {}",
                      py::str(py::type::handle_of(key).attr("__name__")).cast<std::string>()));
    }
    const std::string pattern = text_argument(key, "dtype");
    if (pattern.empty()) throw UsageError("dtype: a weight name pattern is empty");
    rules.push_back(DtypeRule{pattern, api::dtype_field(text_argument(dtype, "dtype"))});
  }
  if (rules.empty()) throw UsageError("dtype: the dict gives no weight name");
  return rules;
}

std::optional<std::pair<uint64_t, uint64_t>> kernel_value(const py::handle& value) {
  if (value.is_none()) return std::nullopt;
  if (py::isinstance<py::str>(value)) return api::kernel_field(value.cast<std::string>());
  if ((py::isinstance<py::tuple>(value) || py::isinstance<py::list>(value)) &&
      py::len(value) == 2) {
    const py::sequence pair = py::reinterpret_borrow<py::sequence>(value);
    const std::optional<uint64_t> kh = count_value(pair[0], "kernel");
    const std::optional<uint64_t> kw = count_value(pair[1], "kernel");
    if (kh && kw) return std::make_pair(*kh, *kw);
  }
  throw py::type_error(
      fmt::format("kernel: expected (kh, kw), a pair of ints, or a str such as '3x3', got {}",
                  py::str(py::type::handle_of(value).attr("__name__")).cast<std::string>()));
}

}  // namespace anesim::python
