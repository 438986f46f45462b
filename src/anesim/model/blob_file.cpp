#include <anesim/model/blob_file.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include <fmt/format.h>

#include <anesim/io/errors.h>
#include <anesim/io/text_functions.h>

namespace anesim {

namespace {

struct BlobType {
  uint32_t code;
  const char* mil_name;
  uint32_t bits;
};

// coremltools, mlmodel/src/MILBlob/Blob/BlobDataType.hpp (kept in sync
// with MIL.proto's data types there).
constexpr BlobType kBlobTypes[] = {
    {1, "fp16", 16},    {2, "fp32", 32},   {3, "uint8", 8},    {4, "int8", 8},
    {5, "bf16", 16},    {6, "int16", 16},  {7, "uint16", 16},  {8, "int4", 4},
    {9, "uint1", 1},    {10, "uint2", 2},  {11, "uint4", 4},   {12, "uint3", 3},
    {13, "uint6", 6},   {14, "int32", 32}, {15, "uint32", 32}, {16, "fp8e4m3fn", 8},
    {17, "fp8e5m2", 8},
};

uint64_t little_endian(const unsigned char* p, int bytes) {
  uint64_t v = 0;
  for (int i = bytes - 1; i >= 0; --i) v = (v << 8) | p[i];
  return v;
}

}  // namespace

std::optional<std::string> blob_data_type_name(uint32_t code) {
  for (const BlobType& t : kBlobTypes) {
    if (t.code == code) return std::string(t.mil_name);
  }
  return std::nullopt;
}

uint32_t mil_dtype_bits(const std::string& dtype) {
  for (const BlobType& t : kBlobTypes) {
    if (dtype == t.mil_name) return t.bits;
  }
  if (dtype == "fp64" || dtype == "int64" || dtype == "uint64") return 64;
  if (dtype == "int16" || dtype == "uint16") return 16;
  return 0;
}

uint64_t stored_bytes_of(uint64_t elements, uint32_t bits) {
  if (bits != 0 && elements / 8 > UINT64_MAX / bits - 8) return UINT64_MAX;
  return (elements / 8) * bits + ((elements % 8) * bits + 7) / 8;
}

BlobDescriptor decode_blob_descriptor(const unsigned char* b) {
  BlobDescriptor d;
  d.sentinel = static_cast<uint32_t>(little_endian(b, 4));
  d.data_type = static_cast<uint32_t>(little_endian(b + 4, 4));
  d.size_bytes = little_endian(b + 8, 8);
  d.data_offset = little_endian(b + 16, 8);
  d.padding_bits = little_endian(b + 24, 8);
  return d;
}

std::string blob_descriptor_problem(const BlobDescriptor& d, uint64_t offset, uint64_t file_size,
                                    const std::string& dtype, uint64_t elements) {
  if (d.sentinel != kBlobSentinel) {
    return fmt::format("sentinel: 0x{:08X}, expected 0x{:08X} (is the offset a blob's?)",
                       d.sentinel, kBlobSentinel);
  }
  const std::optional<std::string> stored = blob_data_type_name(d.data_type);
  if (!stored) return fmt::format("data type: unknown code {}", d.data_type);
  if (*stored != dtype) {
    return fmt::format("data type: {} (code {}), but the program declares {}", *stored, d.data_type,
                       printable(dtype, 20));
  }
  if (offset > UINT64_MAX - kBlobDescriptorBytes || d.data_offset < offset + kBlobDescriptorBytes ||
      d.data_offset > file_size || file_size - d.data_offset < d.size_bytes) {
    return fmt::format(
        "data: {} bytes at offset {} do not lie in the file ({} bytes) past the descriptor",
        d.size_bytes, d.data_offset, file_size);
  }
  const uint64_t want = stored_bytes_of(elements, mil_dtype_bits(dtype));
  if (want != d.size_bytes) {
    return fmt::format("size: {} bytes, but {} x {} takes {}", d.size_bytes, elements,
                       printable(dtype, 20), want);
  }
  return "";
}

BlobFile::BlobFile(const std::string& path) : path_(path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) {
    throw ModelFileError(
        fmt::format("{}: weight file: {}", printable_whole(path), std::strerror(errno)));
  }
  if (!S_ISREG(st.st_mode)) {
    throw ModelFileError(fmt::format("{}: weight file: not a regular file", printable_whole(path)));
  }
  fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd_ < 0) {
    throw ModelFileError(
        fmt::format("{}: weight file: {}", printable_whole(path), std::strerror(errno)));
  }
  size_ = static_cast<uint64_t>(st.st_size);
}

BlobFile::~BlobFile() {
  if (fd_ >= 0) ::close(fd_);
}

BlobDescriptor BlobFile::check(uint64_t offset, const std::string& dtype, uint64_t elements,
                               const std::string& where) {
  const auto fail = [&](const std::string& field, const std::string& what) {
    return ModelFileError(fmt::format("{}: blob at offset {}: {}: {} ({})", printable_whole(path_),
                                      offset, field, what, where));
  };
  BlobDescriptor d;
  if (const auto it = seen_.find(offset); it != seen_.end()) {
    d = it->second;
  } else {
    if (offset > size_ || size_ - offset < kBlobDescriptorBytes) {
      throw fail("offset",
                 fmt::format("the descriptor runs past the end of the file ({} bytes)", size_));
    }
    unsigned char bytes[kBlobDescriptorBytes];
    const ssize_t n = ::pread(fd_, bytes, sizeof bytes, static_cast<off_t>(offset));
    if (n != static_cast<ssize_t>(sizeof bytes)) {
      throw fail("offset", n < 0 ? std::strerror(errno) : "a short read");
    }
    bytes_read_ += sizeof bytes;
    d = decode_blob_descriptor(bytes);
    seen_[offset] = d;
  }
  const std::string problem = blob_descriptor_problem(d, offset, size_, dtype, elements);
  if (!problem.empty()) {
    throw ModelFileError(fmt::format("{}: blob at offset {}: {} ({})", printable_whole(path_),
                                     offset, problem, where));
  }
  return d;
}

}  // namespace anesim
