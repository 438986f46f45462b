// `anesim cache` and Python's anesim.cache_info() / anesim.clear_cache():
// what the on-disk result cache holds (docs/advise.md, "The cache"), and
// clearing it.
#pragma once

#include <cstdint>

#include <anesim/analysis/tables/result_cache.h>

namespace anesim::api {

// The cache's folder, limit, size and scopes (oldest first).
CacheSummary cache_info();
// Removes every entry anesim wrote; the bytes freed.
uint64_t clear_cache();

}  // namespace anesim::api
