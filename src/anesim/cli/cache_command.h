// `anesim cache`: where the result cache is, its limit, what it holds per
// scope (a description and a model version), and `--clear` to empty it
// (docs/cli.md, "anesim cache").
#pragma once

#include <CLI/CLI.hpp>

namespace anesim {

struct CacheOptions {
  bool clear = false;
  bool json = false;
};

CLI::App* add_cache_command(CLI::App& app, CacheOptions& opt);
int cache_command(const CacheOptions& opt);

}  // namespace anesim
