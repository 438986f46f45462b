// Options several anesim commands share, declared once so that they read,
// check and word their errors the same everywhere. Values are taken as text
// and parsed after CLI11, so that a bad value gets one clear message naming
// the option (parse_count).
#pragma once

#include <CLI/CLI.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include <anesim/sim/base/machine_config.h>
#include <anesim/sim/ring/ring_variant.h>

namespace anesim {

// Rejects an empty file name: `--config ""` would otherwise silently mean
// "the built-in config", and `--vcd ""` "no waveform".
const CLI::Validator& file_name_check();
// An output file option (--csv, --plot, --vcd, ...), with the empty-name check.
CLI::Option* add_output_option(CLI::App& cmd, const std::string& name, std::string& path,
                               const std::string& help);

// --config FILE: a machine description YAML (default: built-in M3 Air).
CLI::Option* add_config_option(CLI::App& cmd, std::string& path);
// The machine of --config; a bad file throws ConfigError (exit 3) before any
// simulation starts.
MachineConfig load_machine(const std::string& path);

// -j/--jobs N: simulations in parallel (default 2).
void add_jobs_option(CLI::App& cmd, std::string& jobs);
unsigned parse_jobs(const std::string& text);

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
std::vector<RingVariant> resolve_variants(const VariantOption& variants, const MachineConfig& cfg);
RingVariant parse_variant_option(const std::string& text, const std::string& option);
std::vector<RingVariant> parse_variant_list(const std::string& text, const std::string& option);
// "bug,fix": the names as --variants takes them.
std::string variant_list_text(const std::vector<RingVariant>& variants);

// --cores N: at most the machine's cores (default: all of them).
uint32_t parse_cores(const std::string& text, const MachineConfig& cfg);

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
// Lines per core; throws UsageError when the size is missing, half given or
// too large. `context` prefixes the message ("" or "--cores-range: ").
uint32_t parse_size(const SizeOptions& size, const std::string& context = "");

// A layer shape from --cin and --cout (both given); throws UsageError when a
// count is bad or the per-core transfer exceeds 2^32-1 lines.
struct LayerShape {
  uint64_t cin = 0, cout = 0;
  uint32_t lines_per_core = 0;
};
LayerShape parse_shape(const SizeOptions& size, const std::string& context = "");

}  // namespace anesim
