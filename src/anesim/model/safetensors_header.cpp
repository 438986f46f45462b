#include <anesim/model/safetensors_header.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>

#include <fmt/format.h>

#include <anesim/io/errors.h>
#include <anesim/io/text_file.h>
#include <anesim/io/text_functions.h>
#include <anesim/model/safetensors_json.h>

namespace anesim {

namespace {

constexpr size_t kMaxIndexBytes = size_t{16} << 20;

[[noreturn]] void fail(const std::string& origin, const std::string& what) {
  // The file's name as the user or an index spelled it, cut if long.
  throw ModelFileError(fmt::format("{}: {}", printable(origin, 300), what));
}

// A tensor as read (safetensors_json.h) checked against the data section:
// its range inside it, and as long as its shape and dtype make it.
void check_tensor(const SafetensorsTensor& t, uint64_t data_bytes, const std::string& origin) {
  // Said only on failure: a header of 100,000 tensors passes here 100,000 times.
  const auto where = [&t] { return fmt::format("header: {}", printable(t.name, 80)); };
  // The element count, checked for overflow: it must match the byte range.
  uint64_t elements = 1;
  bool overflow = false, empty = false;
  for (const uint64_t n : t.shape) {
    empty = empty || n == 0;
    overflow = overflow || (n != 0 && elements > UINT64_MAX / n);
    elements = overflow ? 0 : elements * n;
  }
  if (empty) {  // a zero dimension: no elements, however large the others
    overflow = false;
    elements = 0;
  }
  if (t.begin > t.end || t.end > data_bytes) {
    fail(origin, fmt::format("{}.data_offsets: [{}, {}] is not a range within the {} data bytes",
                             where(), t.begin, t.end, data_bytes));
  }
  const uint32_t element_bytes = safetensors_dtype_bytes(t.dtype);
  overflow = overflow || (element_bytes != 0 && elements > UINT64_MAX / element_bytes);
  if (element_bytes != 0 && (overflow || elements * element_bytes != t.end - t.begin)) {
    fail(origin,
         fmt::format(
             "{}: {} bytes for its shape and dtype {}, but data_offsets span {}", where(),
             overflow ? std::string("more than 2^64") : fmt::format("{}", elements * element_bytes),
             printable(t.dtype, 20), t.end - t.begin));
  }
}

void check_no_overlap(const std::vector<SafetensorsTensor>& tensors, const std::string& origin) {
  // Sorted as pointers: moving the tensors themselves (names, shapes) would
  // cost more than comparing their ranges.
  std::vector<const SafetensorsTensor*> by_begin;
  by_begin.reserve(tensors.size());
  for (const SafetensorsTensor& t : tensors) by_begin.push_back(&t);
  std::sort(by_begin.begin(), by_begin.end(),
            [](const SafetensorsTensor* a, const SafetensorsTensor* b) {
              return a->begin != b->begin ? a->begin < b->begin : a->end < b->end;
            });
  for (size_t i = 1; i < by_begin.size(); ++i) {
    const SafetensorsTensor& a = *by_begin[i - 1];
    const SafetensorsTensor& b = *by_begin[i];
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
  std::vector<SafetensorsTensor> tensors = read_header_json(head.substr(8, n), origin);
  const uint64_t data_bytes = file_size - 8 - n;
  for (SafetensorsTensor& t : tensors) {
    t.file = origin;
    check_tensor(t, data_bytes, origin);
  }
  check_no_overlap(tensors, origin);
  return tensors;  // sorted by name (read_header_json)
}

std::vector<SafetensorsTensor> read_safetensors_header(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (fs::is_directory(path, ec)) {
    fail(path, "cannot open safetensors file: is a directory");
  }
  // A FIFO or device would block or never end: only a regular file is
  // opened (a link to one is followed).
  if (!fs::exists(path, ec)) {
    fail(path, fmt::format("cannot open safetensors file: {}", std::strerror(ENOENT)));
  }
  if (!fs::is_regular_file(path, ec)) {
    fail(path, "cannot open safetensors file: not a regular file (a FIFO, device or socket)");
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
  const IndexWeightMap map = read_index_json(*text, path);
  if (!map.present) {
    fail(path, "weight_map: expected an object of tensor name to shard file");
  }
  if (map.shards.empty()) {
    fail(path, "weight_map: empty: an index names at least one tensor and its shard file");
  }
  // Each shard's names in name order (the map comes sorted by tensor), to be
  // matched against its header's tensors, which come in the same order.
  std::map<std::string, std::vector<const std::string*>> names_by_shard;
  for (const auto& [name, s] : map.shards) {
    // A shard is a file beside the index, never a path elsewhere.
    if (s.empty() || s.find('/') != std::string::npos || s == "." || s == "..") {
      fail(path, fmt::format("weight_map.{}: expected a shard file name beside the index",
                             printable(name, 80)));
    }
    names_by_shard[s].push_back(&name);
  }
  std::vector<SafetensorsTensor> all;
  all.reserve(map.shards.size());
  const fs::path folder = fs::path(path).parent_path();
  for (const auto& [shard, names] : names_by_shard) {
    std::vector<SafetensorsTensor> tensors = read_safetensors_header((folder / shard).string());
    auto t = tensors.begin();
    for (const std::string* name : names) {
      while (t != tensors.end() && t->name < *name) ++t;  // a tensor the map does not name
      if (t == tensors.end() || t->name != *name) {
        fail(path,
             fmt::format("weight_map.{}: not in {}", printable(*name, 80), printable(shard, 80)));
      }
      all.push_back(std::move(*t++));
    }
  }
  const auto by_name = [](const SafetensorsTensor& a, const SafetensorsTensor& b) {
    return a.name < b.name;
  };
  if (names_by_shard.size() > 1) {  // one shard's tensors are in order already
    std::sort(all.begin(), all.end(), by_name);
  }
  return all;
}

}  // namespace anesim
