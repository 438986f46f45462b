#include <anesim/io/file_signature.h>

#include <sys/stat.h>

#include <algorithm>
#include <map>
#include <memory>

namespace anesim {

namespace {

thread_local std::unique_ptr<std::map<std::string, FileSignature>> scope_view;

FileSignature stat_signature(const std::string& path) {
  struct stat st {};
  FileSignature s;
  if (::stat(path.c_str(), &st) != 0) return s;
  s.exists = true;
  s.device = static_cast<uint64_t>(st.st_dev);
  s.inode = static_cast<uint64_t>(st.st_ino);
  s.size = static_cast<uint64_t>(st.st_size);
  s.mtime_ns = static_cast<int64_t>(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec;
  return s;
}

}  // namespace

SignatureScope::SignatureScope() : outermost_(!scope_view) {
  if (outermost_) scope_view = std::make_unique<std::map<std::string, FileSignature>>();
}

SignatureScope::~SignatureScope() {
  if (outermost_) scope_view.reset();
}

FileSignature file_signature(const std::string& path) {
  if (!scope_view) return stat_signature(path);
  const auto [it, inserted] = scope_view->try_emplace(path);
  if (inserted) it->second = stat_signature(path);
  return it->second;
}

SignedFiles signed_files(const std::vector<std::string>& paths) {
  SignedFiles out;
  out.reserve(paths.size());
  for (const std::string& p : paths) out.emplace_back(p, file_signature(p));
  return out;
}

bool unchanged(const SignedFiles& files) {
  return std::all_of(files.begin(), files.end(),
                     [](const auto& f) { return file_signature(f.first) == f.second; });
}

}  // namespace anesim
