// --shard I/N, shared by `anesim sweep` and `anesim replay`
// (src/anesim/analysis/batch/shard.h).
#pragma once

#include <CLI/CLI.hpp>

#include <string>

#include <anesim/api/shard.h>

namespace anesim {

void add_shard_option(CLI::App& cmd, std::string& text);
// --shard's check: CLI11 refuses an empty I/N.
const CLI::Validator& shard_text_check();
// The shard; UsageError naming --shard when `text` is not I/N with
// 1 <= I <= N <= 100000.
Shard parse_shard_option(const std::string& text);

}  // namespace anesim
