// The JSON of a safetensors header and of its index, read straight from the
// parser's events (nlohmann-json's SAX interface) into tensors and shard
// names, with no document built in between: a header of 100,000 tensors
// would otherwise allocate a map per tensor and an array per shape. Each
// object's keys are checked once as they arrive (a document keeps the last
// of two silently, and two tensors under one name are a hostile header).
// Ranges, sizes and overlaps are the caller's to check
// (safetensors_header.cpp).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include <anesim/model/safetensors_header.h>

namespace anesim {

// The header's tensors sorted by name: name, dtype, shape and data_offsets
// as written (file is left empty). Throws ModelFileError "origin: what" when the
// text is not JSON, not an object of tensors, when an entry is not
// {dtype, shape, data_offsets}, or when a key is given twice.
std::vector<SafetensorsTensor> read_header_json(const std::string& text, const std::string& origin);

struct IndexWeightMap {
  bool present = false;                                     // the index has a weight_map object
  std::vector<std::pair<std::string, std::string>> shards;  // tensor, shard file; by tensor
};

// model.safetensors.index.json: its weight_map, every value a string; the
// rest (metadata) is only checked to be JSON with each key once. Throws
// ModelFileError as above.
IndexWeightMap read_index_json(const std::string& text, const std::string& origin);

}  // namespace anesim
