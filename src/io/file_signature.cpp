#include <anesim/io/file_signature.h>

#include <sys/stat.h>

#include <algorithm>

namespace anesim {

FileSignature file_signature(const std::string& path) {
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
