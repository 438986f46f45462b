#include <anesim/analysis/tables/content_hash.h>

#include <cstdint>

#include <fmt/format.h>

namespace anesim {

std::string content_hash(const std::string& text) {
  // Advise hashes the same description at every call: the last text's hash
  // is kept per thread.
  thread_local std::string last_text, last_hash;
  if (!last_hash.empty() && text == last_text) return last_hash;
  uint64_t h = 14695981039346656037ull;
  for (unsigned char c : text) {
    h = (h ^ c) * 1099511628211ull;
  }
  last_text = text;
  last_hash = fmt::format("{:016x}", h);
  return last_hash;
}

}  // namespace anesim
