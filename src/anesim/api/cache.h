// `anesim cache` and Python's anesim.cache_info() / anesim.clear_cache():
// what the on-disk result cache holds (docs/advise.md, "The cache"), and
// clearing it.
#pragma once

#include <cstdint>

#include <anesim/analysis/tables/result_cache.h>

namespace anesim::api {

// `anesim cache`'s request: the rows of cache_fields.def (clear: empty the
// cache instead of describing it).
struct CacheRequest {
#define ANESIM_FIELD(member, type, init, ...) type member{init};
#include <anesim/api/cache_fields.def>
#undef ANESIM_FIELD
};

// The cache's folder, limit, size and scopes (oldest first).
CacheSummary cache_info();
// Removes every entry anesim wrote; the bytes freed.
uint64_t clear_cache();

}  // namespace anesim::api
