// Options several anesim commands share, declared once so that they read,
// check and word their errors the same everywhere. Values are taken as text
// and parsed after CLI11, so that a bad value gets one clear message naming
// the option (parse_count).
#pragma once

#include <CLI/CLI.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <anesim/api/machines.h>
#include <anesim/api/variants.h>

namespace anesim {

// Rejects an empty file name: `--config ""` would otherwise silently mean
// "the built-in config", and `--vcd ""` "no waveform".
const CLI::Validator& file_name_check();
// An output file option (--csv, --plot, --vcd, ...), with the empty-name check.
CLI::Option* add_output_option(CLI::App& cmd, const std::string& name, std::string& path,
                               const std::string& help);

// --config FILE: a machine description YAML (default: built-in M3 Air), and
// --chip NAME (exclusive with it), which sets `path` to the chip's file.
// With `chip_list` (advise), --chip also takes A,B,... or all: a list
// (two or more names, or all) goes to `chip_list` untouched, one name still
// sets `path`.
CLI::Option* add_config_option(CLI::App& cmd, std::string& path, std::string* chip_list = nullptr);
// Writes the registry's chip names into the help of every --chip option of
// `app` and its subcommands; called only when help is printed. A registry
// that cannot be read leaves the help without them.
void name_chips_in_help(CLI::App& app);
// The machine of --config; a bad file throws ConfigError (exit 3) before any
// simulation starts.
MachineConfig load_machine(const std::string& path);

// -j/--jobs N: simulations in parallel (default 2).
void add_jobs_option(CLI::App& cmd, std::string& jobs);

// --variant NAME (one) and --variants A,B (several), names from the table.
// --variant / --variants as typed; without them the config's ane.ring_variant
// (the chip's own ring; with --variants, beside fix).
struct VariantOption {
  std::string text;
  bool given = false;
};
void add_variant_option(CLI::App& cmd, VariantOption& variant);
void add_variants_option(CLI::App& cmd, VariantOption& variants);
RingVariant resolve_variant(const VariantOption& variant, const MachineConfig& cfg);
RingVariant parse_variant_option(const std::string& text, const std::string& option);
// The names as typed; the library refuses one listed twice.
std::vector<RingVariant> parse_variant_list(const std::string& text, const std::string& option);

// A count option's value for a request: unset when not given; any 64-bit
// count otherwise (the library checks its range). Throws UsageError naming
// `option` for text that is not a count.
std::optional<uint64_t> optional_count(const std::string& text, const std::string& option);
// A percentage as typed (unset when not given); the library checks its
// range. UsageError naming `option` for text that is not a number.
std::optional<double> optional_percentage(const std::string& text, const std::string& option);
// "A,B,...": counts for a request's list field ({} when not given).
std::vector<uint64_t> count_list(const std::string& text, const std::string& option);

// The transfer size: --lines L, or a layer --cin D --cout N (lines per core
// = ceil(N/16) * D * 2 / 64).
struct SizeOptions {
  std::string lines, cin, cout;
  bool given() const { return !lines.empty() || !cin.empty() || !cout.empty(); }
};
// `lines_help` says what --lines means for this command. With
// `shape_needs_both`, CLI11 refuses --cin without --cout and the reverse
// (a sweep over D or N takes the other one alone).
void add_size_options(CLI::App& cmd, SizeOptions& size, const std::string& lines_help,
                      bool shape_needs_both);

}  // namespace anesim
