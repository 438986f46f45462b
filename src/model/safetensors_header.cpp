#include <anesim/model/safetensors_header.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <set>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <anesim/io/errors.h>
#include <anesim/io/json.h>
#include <anesim/io/text_file.h>
#include <anesim/io/text_functions.h>

namespace anesim {

namespace {

using nlohmann::json;

constexpr size_t kMaxIndexBytes = size_t{16} << 20;

[[noreturn]] void fail(const std::string& origin, const std::string& what) {
  throw ModelFileError(fmt::format("{}: {}", origin, what));
}

// The document in one pass, every object's keys each once: nlohmann would
// keep the last of two silently, and two tensors under one name are a
// hostile header. The DOM is built here, from nlohmann's SAX events, so that
// a key can be checked against its object as it arrives (nlohmann's parser
// callback would make parsing quadratic in the number of keys: 100,000
// tensors ran past a minute; a check pass before json::parse doubled the
// time).
class UniqueKeysDom : public nlohmann::json_sax<json> {
 public:
  UniqueKeysDom(const std::string& origin, const char* what) : origin_(origin), what_(what) {}
  json& root() { return root_; }

  bool null() override { return put(nullptr) != nullptr; }
  bool boolean(bool v) override { return put(v) != nullptr; }
  bool number_integer(number_integer_t v) override { return put(v) != nullptr; }
  bool number_unsigned(number_unsigned_t v) override { return put(v) != nullptr; }
  bool number_float(number_float_t v, const string_t& text) override {
    if (!std::isfinite(v)) {
      fail(origin_, fmt::format("{} is not readable JSON: number overflow parsing '{}'", what_,
                                printable(text, 40)));
    }
    return put(v) != nullptr;
  }
  bool string(string_t& v) override { return put(std::move(v)) != nullptr; }
  bool binary(binary_t& v) override { return put(json::binary(std::move(v))) != nullptr; }
  bool start_object(std::size_t) override {
    open_.push_back(put(json::object()));
    return true;
  }
  bool key(string_t& key) override {
    json& object = *open_.back();
    if (object.contains(key)) {
      fail(origin_,
           open_.size() == 1 && std::string(what_) == "header"
               ? fmt::format("{}: tensor '{}' given twice", what_, printable(key, 80))
               : fmt::format("{}: key '{}' given twice in one object", what_, printable(key, 80)));
    }
    member_ = &object[key];
    return true;
  }
  bool end_object() override {
    open_.pop_back();
    return true;
  }
  bool start_array(std::size_t) override {
    open_.push_back(put(json::array()));
    return true;
  }
  bool end_array() override {
    open_.pop_back();
    return true;
  }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception& e) override {
    fail(origin_, fmt::format("{} is not JSON: {}", what_, json_error_reason(e)));
  }

 private:
  // Places a value: the document, the next element of the open array, or
  // the member the last key named. Returns where it went.
  json* put(json value) {
    if (open_.empty()) {
      root_ = std::move(value);
      return &root_;
    }
    json& parent = *open_.back();
    if (parent.is_array()) {
      parent.push_back(std::move(value));
      return &parent.back();
    }
    *member_ = std::move(value);
    return member_;
  }

  std::string origin_;
  const char* what_;
  json root_;
  std::vector<json*> open_;  // the open objects and arrays, innermost last
  json* member_ = nullptr;   // where the value after the last key goes
};

json parse_unique_keys(const std::string& text, const std::string& origin,
                       const char* what = "header") {
  UniqueKeysDom dom(origin, what);
  try {
    json::sax_parse(text, &dom);
  } catch (const json::exception& e) {
    fail(origin, fmt::format("{} is not readable JSON: {}", what, json_error_reason(e)));
  }
  return std::move(dom.root());
}

uint64_t unsigned_of(const json& v, const std::string& origin, const std::string& field) {
  if (!v.is_number_unsigned()) {
    fail(origin,
         fmt::format("{}: expected a whole number, got {}", field, printable(v.dump(), 60)));
  }
  return v.get<uint64_t>();
}

SafetensorsTensor read_tensor(const std::string& name, const json& entry, uint64_t data_bytes,
                              const std::string& origin) {
  const std::string where = fmt::format("header: {}", printable(name, 80));
  if (!entry.is_object()) {
    fail(origin, where + ": expected an object with dtype, shape and data_offsets");
  }
  for (const auto& [key, value] : entry.items()) {
    if (key != "dtype" && key != "shape" && key != "data_offsets") {
      fail(origin, fmt::format("{}: unknown key '{}' (dtype, shape, data_offsets)", where,
                               printable(key, 40)));
    }
  }
  SafetensorsTensor t;
  t.name = name;
  t.file = origin;
  const auto dtype = entry.find("dtype");
  if (dtype == entry.end() || !dtype->is_string() || dtype->get<std::string>().empty()) {
    fail(origin, where + ".dtype: expected a dtype name such as F16");
  }
  t.dtype = dtype->get<std::string>();
  const auto shape = entry.find("shape");
  if (shape == entry.end() || !shape->is_array() || shape->size() > 8) {
    fail(origin, where + ".shape: expected a list of at most 8 dimensions");
  }
  // The element count, checked for overflow: it must match the byte range.
  uint64_t elements = 1;
  bool overflow = false, empty = false;
  for (const json& d : *shape) {
    const uint64_t n = unsigned_of(d, origin, where + ".shape");
    t.shape.push_back(n);
    empty = empty || n == 0;
    overflow = overflow || (n != 0 && elements > UINT64_MAX / n);
    elements = overflow ? 0 : elements * n;
  }
  if (empty) {  // a zero dimension: no elements, however large the others
    overflow = false;
    elements = 0;
  }
  const auto offsets = entry.find("data_offsets");
  if (offsets == entry.end() || !offsets->is_array() || offsets->size() != 2) {
    fail(origin, where + ".data_offsets: expected [begin, end]");
  }
  t.begin = unsigned_of((*offsets)[0], origin, where + ".data_offsets");
  t.end = unsigned_of((*offsets)[1], origin, where + ".data_offsets");
  if (t.begin > t.end || t.end > data_bytes) {
    fail(origin, fmt::format("{}.data_offsets: [{}, {}] is not a range within the {} data bytes",
                             where, t.begin, t.end, data_bytes));
  }
  const uint32_t element_bytes = safetensors_dtype_bytes(t.dtype);
  overflow = overflow || (element_bytes != 0 && elements > UINT64_MAX / element_bytes);
  if (element_bytes != 0 && (overflow || elements * element_bytes != t.end - t.begin)) {
    fail(origin,
         fmt::format(
             "{}: {} bytes for its shape and dtype {}, but data_offsets span {}", where,
             overflow ? std::string("more than 2^64") : fmt::format("{}", elements * element_bytes),
             printable(t.dtype, 20), t.end - t.begin));
  }
  return t;
}

void check_no_overlap(std::vector<SafetensorsTensor> by_begin, const std::string& origin) {
  std::sort(by_begin.begin(), by_begin.end(),
            [](const SafetensorsTensor& a, const SafetensorsTensor& b) {
              return a.begin != b.begin ? a.begin < b.begin : a.end < b.end;
            });
  for (size_t i = 1; i < by_begin.size(); ++i) {
    const SafetensorsTensor& a = by_begin[i - 1];
    const SafetensorsTensor& b = by_begin[i];
    if (b.begin < a.end) {
      fail(origin, fmt::format("header: tensors '{}' [{}, {}] and '{}' [{}, {}] overlap",
                               printable(a.name, 80), a.begin, a.end, printable(b.name, 80),
                               b.begin, b.end));
    }
  }
}

uint64_t header_length(const std::string& head) {
  uint64_t n = 0;
  for (int i = 7; i >= 0; --i) {
    n = (n << 8) | static_cast<unsigned char>(head[static_cast<size_t>(i)]);
  }
  return n;
}

}  // namespace

uint32_t safetensors_dtype_bytes(const std::string& dtype) {
  static const std::map<std::string, uint32_t> kBytes = {
      {"BOOL", 1}, {"U8", 1},  {"I8", 1},  {"F8_E5M2", 1}, {"F8_E4M3", 1}, {"F8_E8M0", 1},
      {"I16", 2},  {"U16", 2}, {"F16", 2}, {"BF16", 2},    {"I32", 4},     {"U32", 4},
      {"F32", 4},  {"F64", 8}, {"I64", 8}, {"U64", 8},     {"C64", 8},
  };
  const auto it = kBytes.find(dtype);
  return it == kBytes.end() ? 0 : it->second;
}

std::vector<SafetensorsTensor> parse_safetensors_header(const std::string& head, uint64_t file_size,
                                                        const std::string& origin) {
  if (file_size < 8 || head.size() < 8) {
    fail(origin, fmt::format("{} bytes: too short for a safetensors file (an 8-byte header "
                             "length first)",
                             file_size));
  }
  const uint64_t n = header_length(head);
  if (n > file_size - 8) {
    fail(origin,
         fmt::format("header length {} runs past the end of the file ({} bytes)", n, file_size));
  }
  if (n > kMaxSafetensorsHeaderBytes) {
    fail(origin, fmt::format("header length {} is over the {} bytes safetensors allows", n,
                             kMaxSafetensorsHeaderBytes));
  }
  if (head.size() - 8 < n) {
    fail(origin, fmt::format("header length {} but only {} header bytes read", n, head.size() - 8));
  }
  const json header = parse_unique_keys(head.substr(8, n), origin);
  if (!header.is_object()) {
    fail(origin, "header: expected a JSON object of tensors");
  }
  const uint64_t data_bytes = file_size - 8 - n;
  std::vector<SafetensorsTensor> tensors;
  for (const auto& [name, entry] : header.items()) {
    if (name == "__metadata__") {
      // Free-form strings (the format, the framework); not needed here.
      if (!entry.is_object()) {
        fail(origin, "header: __metadata__: expected an object of strings");
      }
      continue;
    }
    tensors.push_back(read_tensor(name, entry, data_bytes, origin));
  }
  check_no_overlap(tensors, origin);
  return tensors;  // nlohmann's object iterates in key order: sorted by name
}

std::vector<SafetensorsTensor> read_safetensors_header(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (fs::is_directory(path, ec)) {
    fail(path, "cannot open safetensors file: is a directory");
  }
  const uintmax_t size = fs::file_size(path, ec);
  std::ifstream in(path, std::ios::binary);
  if (ec || !in) {
    fail(path,
         fmt::format("cannot open safetensors file: {}", ec ? ec.message() : std::strerror(errno)));
  }
  std::string head(8, '\0');
  in.read(head.data(), 8);
  if (static_cast<uint64_t>(in.gcount()) == 8 && size >= 8) {
    const uint64_t n = header_length(head);
    // Only a length the file can hold is read: the checks run first.
    if (n <= size - 8 && n <= kMaxSafetensorsHeaderBytes) {
      head.resize(8 + n);
      in.read(head.data() + 8, static_cast<std::streamsize>(n));
      head.resize(8 + static_cast<size_t>(in.gcount()));
    }
  } else {
    head.resize(static_cast<size_t>(in.gcount()));
  }
  return parse_safetensors_header(head, size, path);
}

std::vector<SafetensorsTensor> read_safetensors_index(const std::string& path) {
  namespace fs = std::filesystem;
  std::string why;
  const std::optional<std::string> text =
      read_text_file(path, kMaxIndexBytes, "safetensors index", why);
  if (!text) {
    fail(path, why);
  }
  const json index = parse_unique_keys(*text, path, "index");
  if (!index.is_object()) {
    fail(path, "not a JSON object (model.safetensors.index.json)");
  }
  const auto map = index.find("weight_map");
  if (map == index.end() || !map->is_object() || map->empty()) {
    fail(path, "weight_map: expected an object of tensor name to shard file");
  }
  std::map<std::string, std::set<std::string>> names_by_shard;
  for (const auto& [name, shard] : map->items()) {
    const std::string s = shard.is_string() ? shard.get<std::string>() : "";
    // A shard is a file beside the index, never a path elsewhere.
    if (s.empty() || s.find('/') != std::string::npos || s == "." || s == "..") {
      fail(path, fmt::format("weight_map.{}: expected a shard file name beside the index",
                             printable(name, 80)));
    }
    names_by_shard[s].insert(name);
  }
  std::vector<SafetensorsTensor> all;
  const fs::path folder = fs::path(path).parent_path();
  for (const auto& [shard, names] : names_by_shard) {
    const std::vector<SafetensorsTensor> tensors =
        read_safetensors_header((folder / shard).string());
    std::set<std::string> found;
    for (const SafetensorsTensor& t : tensors) {
      if (names.count(t.name) != 0) {
        found.insert(t.name);
        all.push_back(t);
      }
    }
    for (const std::string& name : names) {
      if (found.count(name) == 0) {
        fail(path,
             fmt::format("weight_map.{}: not in {}", printable(name, 80), printable(shard, 80)));
      }
    }
  }
  std::sort(all.begin(), all.end(),
            [](const SafetensorsTensor& a, const SafetensorsTensor& b) { return a.name < b.name; });
  return all;
}

}  // namespace anesim
