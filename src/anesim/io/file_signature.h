// What tells one version of a file from another without reading it: its
// device, inode, size and modification time. Data derived from a file (a
// parsed description, a timing table, the chip registry) is kept per
// process under its files' signatures and read again only when one changes.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace anesim {

struct FileSignature {
  bool exists = false;
  uint64_t device = 0, inode = 0, size = 0;
  int64_t mtime_ns = 0;
  bool operator==(const FileSignature& o) const {
    return exists == o.exists && device == o.device && inode == o.inode && size == o.size &&
           mtime_ns == o.mtime_ns;
  }
  bool operator!=(const FileSignature& o) const { return !(*this == o); }
};

// The signature of `path` (following links); `exists` false when it cannot
// be stat'ed.
FileSignature file_signature(const std::string& path);

// One request sees one version of each file: while a scope is open on a
// thread, each path is stat'ed once there, however often the request asks
// (a fleet question checks the registry and each chip's files many times).
// Scopes nest; the outermost one's view holds until it closes.
class SignatureScope {
 public:
  SignatureScope();
  ~SignatureScope();
  SignatureScope(const SignatureScope&) = delete;
  SignatureScope& operator=(const SignatureScope&) = delete;

 private:
  bool outermost_;
};

// Files with the signatures they had when something was derived from them.
using SignedFiles = std::vector<std::pair<std::string, FileSignature>>;
SignedFiles signed_files(const std::vector<std::string>& paths);
// True while every file still has its signature.
bool unchanged(const SignedFiles& files);

}  // namespace anesim
