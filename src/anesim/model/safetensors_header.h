// Reads the JSON header of a .safetensors file (8-byte little-endian length,
// then that many bytes of JSON naming each tensor's dtype, shape and byte
// range in the data that follows) and never the tensor data. Hostile input
// is an error, never a read past the file: a length past the end, a header
// that is not a JSON object, a tensor whose range runs past the data, does
// not match its shape and dtype, or overlaps another (fuzzed).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace anesim {

// Headers larger than this are refused unread (safetensors' own limit).
constexpr uint64_t kMaxSafetensorsHeaderBytes = uint64_t{100} << 20;

struct SafetensorsTensor {
  std::string name, dtype;  // dtype as written: "F16", "BF16", "F32", ...
  std::vector<uint64_t> shape;
  uint64_t begin = 0, end = 0;  // byte range in the data section
  std::string file;             // the .safetensors file holding it
};

// Bytes per element of a dtype safetensors defines; 0 for any other.
uint32_t safetensors_dtype_bytes(const std::string& dtype);

// `head` is the file's first bytes: at least the 8-byte length and the
// header it announces (more is ignored); `file_size` is the whole file's.
// Tensors come sorted by name. Throws ModelFileError ("origin: what").
std::vector<SafetensorsTensor> parse_safetensors_header(const std::string& head, uint64_t file_size,
                                                        const std::string& origin);

// The header of the file at `path`: its first 8 + length bytes only.
std::vector<SafetensorsTensor> read_safetensors_header(const std::string& path);

// model.safetensors.index.json: every shard its weight_map names (in the
// index's folder), each shard's header read once; every tensor of the map
// must be in the shard it names. Throws ModelFileError.
std::vector<SafetensorsTensor> read_safetensors_index(const std::string& path);

}  // namespace anesim
