#include <anesim/api/cache.h>

namespace anesim::api {

CacheSummary cache_info() {
  check_cache_limit();
  return cache_summary();
}

uint64_t clear_cache() { return anesim::clear_cache(); }

}  // namespace anesim::api
