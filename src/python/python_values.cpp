#include <anesim/python/python_values.h>

#include <fmt/format.h>

#include <anesim/io/count_text.h>
#include <anesim/io/errors.h>

namespace anesim::python {

namespace {

[[noreturn]] void type_error(const std::string& message) { throw py::type_error(message); }

std::string type_name(const py::handle& value) {
  return py::str(py::type::handle_of(value).attr("__name__")).cast<std::string>();
}

// An integer: int or anything with __index__ (numpy's integers), not a bool.
bool is_int(const py::handle& value) {
  return PyIndex_Check(value.ptr()) != 0 && !py::isinstance<py::bool_>(value);
}

// Its digits, through __index__.
std::string integer_text(const py::handle& value) {
  const py::object i = py::reinterpret_steal<py::object>(PyNumber_Index(value.ptr()));
  if (!i) throw py::error_already_set();
  return py::str(i).cast<std::string>();
}

}  // namespace

py::object to_python(const Json& j) {
  switch (j.type()) {
    case Json::value_t::object: {
      py::dict d;
      for (const auto& [key, value] : j.items()) {
        d[py::str(key)] = to_python(value);
      }
      return std::move(d);
    }
    case Json::value_t::array: {
      py::list l;
      for (const Json& value : j) {
        l.append(to_python(value));
      }
      return std::move(l);
    }
    case Json::value_t::string:
      return py::str(j.get<std::string>());
    case Json::value_t::boolean:
      return py::bool_(j.get<bool>());
    case Json::value_t::number_unsigned:
      return py::int_(j.get<uint64_t>());
    case Json::value_t::number_integer:
      return py::int_(j.get<int64_t>());
    case Json::value_t::number_float:
      return py::float_(j.get<double>());
    default:
      return py::none();
  }
}

Json to_json(const py::handle& value, const std::string& what) {
  if (value.is_none()) {
    return nullptr;
  }
  if (py::isinstance<py::bool_>(value)) {
    return value.cast<bool>();
  }
  if (is_int(value)) {
    // Negative and huge values stay as written; the readers range-check.
    return Json::parse(integer_text(value));
  }
  if (py::isinstance<py::float_>(value)) {
    return value.cast<double>();
  }
  if (py::isinstance<py::str>(value)) {
    return value.cast<std::string>();
  }
  if (py::isinstance<py::dict>(value)) {
    Json j = Json::object();
    for (const auto& [key, item] : value.cast<py::dict>()) {
      if (!py::isinstance<py::str>(key)) {
        type_error(fmt::format("{}: keys must be str, got {}", what, type_name(key)));
      }
      const std::string k = key.cast<std::string>();
      j[k] = to_json(item, what + "." + k);
    }
    return j;
  }
  if (py::isinstance<py::list>(value) || py::isinstance<py::tuple>(value)) {
    Json j = Json::array();
    size_t i = 0;
    for (const py::handle item : value) {
      j.push_back(to_json(item, fmt::format("{}[{}]", what, i++)));
    }
    return j;
  }
  type_error(fmt::format("{}: expected dict, list, str, int, float, bool or None, got {}", what,
                         type_name(value)));
}

std::optional<uint64_t> count_value(const py::handle& value, const char* field) {
  if (value.is_none()) {
    return std::nullopt;
  }
  if (is_int(value) || py::isinstance<py::str>(value)) {
    // An int is read as its digits, so that -1 gets the same message as '-1'.
    const std::string text = is_int(value) ? integer_text(value) : value.cast<std::string>();
    return parse_count_field(text, field, 0, UINT64_MAX);
  }
  type_error(fmt::format("{}: expected int or str, got {}", field, type_name(value)));
}

std::string text_argument(const py::handle& value, const char* argument) {
  if (value.is_none()) {
    return "";
  }
  if (py::isinstance<py::str>(value)) {
    return value.cast<std::string>();
  }
  type_error(fmt::format("{}: expected str, got {}", argument, type_name(value)));
}

std::string path_argument(const py::handle& value, const char* argument) {
  if (py::isinstance<py::str>(value)) return value.cast<std::string>();
  if (py::hasattr(value, "__fspath__")) {
    const py::object p = py::module_::import("os").attr("fspath")(value);
    if (py::isinstance<py::str>(p)) return p.cast<std::string>();
  }
  type_error(
      fmt::format("{}: expected a path (str or os.PathLike), got {}", argument, type_name(value)));
}

std::vector<uint64_t> count_list_value(const py::handle& value, const char* field) {
  if (value.is_none()) {
    return {};
  }
  if (!py::isinstance<py::list>(value) && !py::isinstance<py::tuple>(value)) {
    type_error(fmt::format("{}: expected a list of int, got {}", field, type_name(value)));
  }
  std::vector<uint64_t> out;
  for (const py::handle item : value) {
    if (!is_int(item)) {
      type_error(fmt::format("{}: expected a list of int, got an item of type {}", field,
                             type_name(item)));
    }
    out.push_back(parse_count_field(integer_text(item), field, 0, UINT64_MAX));
  }
  if (out.empty()) {
    throw FieldError(field, field_mark(field) + ": expected at least one task length");
  }
  return out;
}

}  // namespace anesim::python
