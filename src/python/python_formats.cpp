#include <anesim/python/python_formats.h>

#include <string>

#include <fmt/format.h>

#include <anesim/api/weight_format_fields.h>
#include <anesim/python/python_values.h>

namespace anesim::python {

std::optional<Dtype> dtype_value(const py::handle& value) {
  if (value.is_none()) return std::nullopt;
  return api::dtype_field(text_argument(value, "dtype"));
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
