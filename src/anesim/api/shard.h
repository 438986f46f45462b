// One shard of a batch (--shard I/N) as the requests of `sweep` and
// `replay` take it: Shard, shard_text, kMaxShards.
#pragma once

#include <anesim/analysis/batch/shard.h>  // IWYU pragma: export
