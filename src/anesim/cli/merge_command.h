// `anesim merge PART...`: the parts that `anesim sweep --shard I/N` or
// `anesim replay --shard I/N` wrote, combined into the output the unsharded
// run gives (the same CSV byte for byte, the table, plots, FFT).
#pragma once

#include <CLI/CLI.hpp>

#include <anesim/cli/field_options.h>

namespace anesim {

struct MergeOptions {
  FieldTexts fields;  // one per row of src/anesim/api/merge_fields.def
  bool json = false;  // replay parts: how the command prints, not the request's
};

CLI::App* add_merge_command(CLI::App& app, MergeOptions& opt);
int merge_command(const MergeOptions& opt);

}  // namespace anesim
