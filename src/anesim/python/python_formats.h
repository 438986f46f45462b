// Python's dtype=, kernel= and groups= arguments as a request's weight
// format (docs/python.md): a dtype name, a kernel as (kh, kw) or "KHxKW".
#pragma once

#include <pybind11/pybind11.h>

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include <anesim/api/models.h>

namespace anesim::python {

namespace py = pybind11;

// A str naming a dtype, or None or a dict (unset). TypeError for other
// types, FieldError ("dtype") for an unknown name.
std::optional<Dtype> dtype_value(const py::handle& value);
// A dict of weight name patterns to dtype names, {"lm_head": "lut6", "*":
// "lut4"}, in its order (model/dtype_rules.h); empty for anything else.
std::vector<DtypeRule> dtype_rules_value(const py::handle& value);
// A (kh, kw) tuple or list of two ints, a str "KHxKW", or None (unset).
std::optional<std::pair<uint64_t, uint64_t>> kernel_value(const py::handle& value);

}  // namespace anesim::python
