#include <anesim/model/program_constants.h>

#include <sys/stat.h>

#include <algorithm>
#include <filesystem>

#include <fmt/format.h>

#include <anesim/io/errors.h>
#include <anesim/io/text_functions.h>

namespace anesim {

namespace fs = std::filesystem;

std::string mil_where(const std::string& file, const MilPosition& at) {
  return fmt::format("{}:{}:{}", printable_whole(file), at.line, at.column);
}

uint64_t element_count(const std::vector<int64_t>& shape) {
  uint64_t n = 1;
  for (const int64_t d : shape) {
    if (d < 0) return 0;
    const auto u = static_cast<uint64_t>(d);
    if (u != 0 && n > UINT64_MAX / u) return 0;
    n *= u;
  }
  return n;
}

uint64_t side_lines(const ProgramConstant& c) {
  const uint64_t bytes = stored_bytes_of((c.elements + 15) / 16, mil_dtype_bits(c.dtype));
  return bytes / 64 + (bytes % 64 != 0 ? 1 : 0);
}

void ProgramConstants::enter(const std::string& file, const std::string& folder) {
  file_ = file;
  folder_ = folder;
}

void ProgramConstants::finish() {
  if (derived_) {
    out_.notes.push_back(
        "sizes derived from the program's types and shapes, not checked: its weight files are "
        "not there");
  }
  out_.sizes_checked = !derived_ && checked_any_;
  for (const auto& [path, file] : files_) {
    if (file) out_.weight_file_bytes_read += file->bytes_read();
  }
}

// The weight file a BLOBFILE names, inside the program's folder, opened
// once; nullptr when no weight file is there (sizes derived).
BlobFile* ProgramConstants::weight_file(const std::string& written, const std::string& at) {
  std::string rel = written;
  const std::string prefix = "@model_path/";
  if (rel.compare(0, prefix.size(), prefix) == 0) {
    rel = rel.substr(prefix.size());
  } else if (!rel.empty() && rel[0] == '/') {
    throw ModelFileError(
        fmt::format("{}: BLOBFILE path: '{}' is absolute; a program's weights "
                    "lie in its own folder (@model_path/...)",
                    at, printable(written, 80)));
  }
  for (const fs::path& part : fs::path(rel)) {
    if (part == "..") {
      throw ModelFileError(fmt::format("{}: BLOBFILE path: '{}' leaves the program's folder", at,
                                       printable(written, 80)));
    }
  }
  const std::string path = (fs::path(folder_.empty() ? "." : folder_) / rel).string();
  last_path_ = path;
  const auto it = files_.find(path);
  if (it != files_.end()) return it->second.get();
  struct stat st {};
  std::unique_ptr<BlobFile> file;
  if (!folder_.empty() && ::stat(path.c_str(), &st) == 0) {
    file = std::make_unique<BlobFile>(path);
    if (derived_) mixed_missing(path, at);
    checked_any_ = true;
  } else if (checked_any_) {
    throw ModelFileError(
        fmt::format("{}: weight file: no such file ({})", printable_whole(path), at));
  } else {
    // No weight file at all so far: the program is read from its types.
    derived_ = true;
    missing_example_ = path;
    missing_at_ = at;
  }
  BlobFile* raw = file.get();
  files_[path] = std::move(file);
  return raw;
}

void ProgramConstants::mixed_missing(const std::string& present, const std::string& at) const {
  throw ModelFileError(fmt::format("{}: weight file: no such file ({}), though {} is there ({})",
                                   printable_whole(missing_example_), missing_at_,
                                   printable_whole(present), at));
}

// Equal blobs (one file and offset) are one constant, within and across
// functions.
size_t ProgramConstants::add(const std::string& name, const MilType& type, const MilValue* value,
                             const MilPosition& at) {
  const std::string here = mil_where(file_, at);
  if (type.kind != "tensor" && type.kind != "scalar") {
    throw ModelFileError(fmt::format("{}: constant {}: type '{}' is not a tensor or scalar", here,
                                     printable(name, 60), printable(type.text, 60)));
  }
  ProgramConstant c;
  c.name = name;
  c.function = function_;
  c.dtype = type.dtype;
  c.shape = type.shape;
  c.source = here;
  c.elements = type.kind == "scalar" ? 1 : element_count(type.shape);
  if (type.kind == "tensor" && (!type.rank_known || c.elements == 0) && value != nullptr &&
      value->kind == MilValue::Kind::kBlob) {
    const bool known = type.rank_known && std::all_of(type.shape.begin(), type.shape.end(),
                                                      [](int64_t d) { return d > 0; });
    throw ModelFileError(
        known ? fmt::format("{}: constant {}: its shape holds more than 2^64 elements", here,
                            printable(name, 60))
              : fmt::format("{}: constant {}: a BLOBFILE needs a known shape, not '{}'", here,
                            printable(name, 60), printable(type.text, 60)));
  }
  const uint32_t bits = mil_dtype_bits(c.dtype);
  c.stored_bytes = stored_bytes_of(c.elements, bits);
  if (value != nullptr && value->kind == MilValue::Kind::kBlob) {
    if (bits == 0) {
      throw ModelFileError(fmt::format("{}: constant {}: element type '{}' cannot be a blob", here,
                                       printable(name, 60), printable(c.dtype, 20)));
    }
    c.in_blob = true;
    c.offset = value->blob_offset;
    BlobFile* file = weight_file(value->blob_path, here);
    c.file = last_path_;
    const std::string key = fmt::format("{}\n{}", c.file, c.offset);
    if (const auto it = blob_index_.find(key); it != blob_index_.end()) {
      const ProgramConstant& first = out_.constants[it->second];
      if (first.dtype != c.dtype || first.elements != c.elements) {
        throw ModelFileError(fmt::format(
            "{}: constant {}: shares offset {} of {} with {} ({}), but its type differs", here,
            printable(name, 60), c.offset, printable_whole(c.file), printable(first.name, 60),
            first.source));
      }
      return it->second;
    }
    if (file != nullptr) {
      const BlobDescriptor d = file->check(c.offset, c.dtype, c.elements, "declared at " + here);
      c.stored_bytes = d.size_bytes;
    }
    blob_index_[key] = out_.constants.size();
  }
  out_.constants.push_back(std::move(c));
  return out_.constants.size() - 1;
}

}  // namespace anesim
