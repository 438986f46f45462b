// `anesim cache`: where the result cache is, its limit, what it holds per
// scope (a description and a model version), and `--clear` to empty it
// (docs/cli.md, "anesim cache").
#pragma once

#include <CLI/CLI.hpp>

#include <anesim/cli/field_options.h>

namespace anesim {

struct CacheOptions {
  FieldTexts fields;  // the row of src/anesim/api/cache_fields.def
  bool json = false;
};

CLI::App* add_cache_command(CLI::App& app, CacheOptions& opt);
int cache_command(const CacheOptions& opt);

}  // namespace anesim
