#include <anesim/python/python_values.h>

#include <algorithm>

#include <fmt/format.h>

#include <anesim/io/count_text.h>
#include <anesim/io/errors.h>
#include <anesim/io/text_functions.h>
#include <anesim/io/yaml_text.h>

namespace anesim::python {

std::string type_name(const py::handle& value) {
  return py::str(py::type::handle_of(value).attr("__name__")).cast<std::string>();
}

namespace {

[[noreturn]] void type_error(const std::string& message) { throw py::type_error(message); }

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

namespace {

// A dict or list on the path from the top, by identity: meeting one again
// is a cycle.
struct YamlBuild {
  std::vector<const void*> open;
  std::vector<std::string> path;  // joined only for a message

  std::string where() const {
    std::string out;
    for (const std::string& part : path) {
      out += part.front() == '[' || out.empty() ? part : "." + part;
    }
    return out;
  }
};

YAML::Node yaml_value(const py::handle& value, YamlBuild& b) {
  if (value.is_none()) {
    return YAML::Node(YAML::NodeType::Null);
  }
  if (py::isinstance<py::bool_>(value)) {
    return YAML::Node(value.cast<bool>() ? "true" : "false");
  }
  if (is_int(value)) {
    // The digits as written (through __index__): negative and huge values
    // get the reader's range messages.
    return YAML::Node(integer_text(value));
  }
  if (py::isinstance<py::float_>(value)) {
    return YAML::Node(py::repr(value).cast<std::string>());
  }
  if (py::isinstance<py::str>(value)) {
    YAML::Node n(utf8_text(value, b.where()));
    n.SetTag("!");  // as a quoted scalar in a file: text, whatever it spells
    return n;
  }
  const bool dict = py::isinstance<py::dict>(value);
  if (!dict && !py::isinstance<py::list>(value) && !py::isinstance<py::tuple>(value)) {
    type_error(fmt::format("{}: expected dict, list, str, int, float, bool or None, got {}",
                           printable(b.where(), 120), type_name(value)));
  }
  if (std::find(b.open.begin(), b.open.end(), value.ptr()) != b.open.end()) {
    throw InputError(fmt::format("{}: contains itself (a cycle)", printable(b.where())));
  }
  if (b.open.size() >= static_cast<size_t>(kMaxYamlDepth)) {
    throw InputError(fmt::format("{}: nested more than {} levels deep", printable(b.where(), 120),
                                 kMaxYamlDepth));
  }
  b.open.push_back(value.ptr());
  YAML::Node n(dict ? YAML::NodeType::Map : YAML::NodeType::Sequence);
  if (dict) {
    for (const auto& [key, item] : value.cast<py::dict>()) {
      if (!py::isinstance<py::str>(key)) {
        type_error(
            fmt::format("{}: keys must be str, got {}", printable(b.where(), 120), type_name(key)));
      }
      b.path.push_back(utf8_text(key, b.where()));
      n[b.path.back()] = yaml_value(item, b);
      b.path.pop_back();
    }
  } else {
    size_t i = 0;
    for (const py::handle item : value) {
      b.path.push_back(fmt::format("[{}]", i++));
      n.push_back(yaml_value(item, b));
      b.path.pop_back();
    }
  }
  b.open.pop_back();
  return n;
}

}  // namespace

YAML::Node to_yaml_node(const py::handle& value, const std::string& what) {
  YamlBuild b;
  b.path.push_back(what);
  return yaml_value(value, b);
}

std::string utf8_text(const py::handle& value, const std::string& what) {
  // Surrogates (os.fsdecode of bytes that are not UTF-8) cannot become
  // UTF-8; their bytes come back as they were on disk.
  py::object bytes = py::reinterpret_steal<py::object>(
      PyUnicode_AsEncodedString(value.ptr(), "utf-8", "surrogateescape"));
  if (!bytes) {
    PyErr_Clear();
    throw FieldError(what, field_mark(what) + ": not text that can be encoded as UTF-8");
  }
  return bytes.cast<std::string>();
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
    return utf8_text(value, argument);
  }
  type_error(fmt::format("{}: expected str, got {}", argument, type_name(value)));
}

std::string path_argument(const py::handle& value, const char* argument) {
  if (py::isinstance<py::str>(value)) return utf8_text(value, argument);
  if (py::hasattr(value, "__fspath__")) {
    const py::object p = py::module_::import("os").attr("fspath")(value);
    if (py::isinstance<py::str>(p)) return utf8_text(p, argument);
    // A PathLike may give bytes (os.fsencode's form): decoded as the file
    // system does, so that it names the same file.
    if (py::isinstance<py::bytes>(p)) {
      return utf8_text(py::module_::import("os").attr("fsdecode")(p), argument);
    }
    type_error(fmt::format("{}: the os.PathLike's __fspath__ gave {}, not str or bytes", argument,
                           type_name(p)));
  }
  if (py::isinstance<py::bytes>(value)) {
    return utf8_text(py::module_::import("os").attr("fsdecode")(value), argument);
  }
  type_error(
      fmt::format("{}: expected a path (str or os.PathLike), got {}", argument, type_name(value)));
}

std::vector<std::string> paths_value(const py::handle& value, const char* field) {
  if (py::isinstance<py::str>(value) || !py::isinstance<py::iterable>(value)) {
    throw py::type_error(
        fmt::format("{}: expected a list of paths, got {}", field, type_name(value)));
  }
  std::vector<std::string> out;
  for (const py::handle item : value) out.push_back(path_argument(item, field));
  return out;
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
