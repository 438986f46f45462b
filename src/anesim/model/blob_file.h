// A Core ML weight file (weights/weight.bin) as coremltools' MILBlob storage
// writes it: a 64-byte file header (blob count, version 2), then for each
// blob a 64-byte descriptor (sentinel 0xDEADBEEF, data type code, size in
// bytes, the data's absolute offset, padding bits of a sub-byte type) and
// its data. A program's BLOBFILE offset points at a descriptor.
//
// Only descriptors are read, never the data: a multi-gigabyte file costs
// one small read per blob. Every field is checked against the file's size
// and the MIL type that names the blob (docs/program-format.md).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>

namespace anesim {

constexpr uint32_t kBlobSentinel = 0xDEADBEEF;
constexpr uint64_t kBlobDescriptorBytes = 64;

struct BlobDescriptor {
  uint32_t sentinel = 0, data_type = 0;
  uint64_t size_bytes = 0, data_offset = 0, padding_bits = 0;
};

// MIL's element type for a blob data type code ("fp16" for 1, ...);
// nullopt for a code MILBlob does not define.
std::optional<std::string> blob_data_type_name(uint32_t code);
// Bits per element of a MIL element type ("fp16" 16, "uint4" 4); 0 for a
// type a weight cannot have (string, bool).
uint32_t mil_dtype_bits(const std::string& dtype);

// Whole bytes that `elements` of `bits` each take (UINT64_MAX when past 2^64).
uint64_t stored_bytes_of(uint64_t elements, uint32_t bits);

// What is wrong with descriptor `d`, read at `offset` of a file of
// `file_size` bytes, for `elements` of MIL type `dtype`: "" when nothing,
// else "FIELD: what" (sentinel, data type, data, size).
std::string blob_descriptor_problem(const BlobDescriptor& d, uint64_t offset, uint64_t file_size,
                                    const std::string& dtype, uint64_t elements);

// Decodes the 64 bytes of a descriptor (little-endian).
BlobDescriptor decode_blob_descriptor(const unsigned char* bytes);

// One open weight file, read by descriptor. Opening checks it is a regular
// file; reads past its end are refused, never attempted.
class BlobFile {
 public:
  // Throws ModelFileError naming `path` when it is missing or not a
  // regular file (a FIFO would block a reader).
  explicit BlobFile(const std::string& path);
  ~BlobFile();
  BlobFile(const BlobFile&) = delete;
  BlobFile& operator=(const BlobFile&) = delete;

  const std::string& path() const { return path_; }
  uint64_t size() const { return size_; }
  uint64_t bytes_read() const { return bytes_read_; }

  // The descriptor at `offset`, checked: it fits the file, its sentinel is
  // MILBlob's, its data type is known and is `dtype`, its data lies inside
  // the file past the descriptor, and its size is what `elements` of
  // `dtype` take (sub-byte types rounded up to whole bytes). Throws
  // ModelFileError "PATH: blob at offset N: field: what" (with `where`, the
  // MIL position naming the blob, appended).
  BlobDescriptor check(uint64_t offset, const std::string& dtype, uint64_t elements,
                       const std::string& where);

 private:
  std::string path_;
  uint64_t size_ = 0, bytes_read_ = 0;
  int fd_ = -1;
  std::map<uint64_t, BlobDescriptor> seen_;  // a shared blob is read once
};

}  // namespace anesim
