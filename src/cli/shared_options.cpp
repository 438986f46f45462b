#include <anesim/cli/shared_options.h>

#include <algorithm>

#include <fmt/format.h>

#include <anesim/machine/machine_config_reader.h>
#include <anesim/io/count_text.h>
#include <anesim/io/errors.h>
#include <anesim/io/text_functions.h>
#include <anesim/sim/core/workload.h>

namespace anesim {

const CLI::Validator& file_name_check() {
  static const CLI::Validator check(
      [](std::string& s) {
        return s.empty() ? std::string("expected a file name, got an empty string") : std::string();
      },
      "FILE", "FileName");
  return check;
}

CLI::Option* add_output_option(CLI::App& cmd, const std::string& name, std::string& path,
                               const std::string& help) {
  return cmd.add_option(name, path, help)->check(file_name_check());
}

CLI::Option* add_config_option(CLI::App& cmd, std::string& path) {
  return cmd.add_option("--config", path, "machine description YAML (default: built-in M3 Air)")
      ->check(file_name_check());
}

MachineConfig load_machine(const std::string& path) { return load_config_or_builtin(path); }

void add_jobs_option(CLI::App& cmd, std::string& jobs) {
  cmd.add_option("-j,--jobs", jobs, "simulations run in parallel (default 2)");
}

unsigned parse_jobs(const std::string& text) {
  return static_cast<unsigned>(parse_count(text, "--jobs", 1, 256));
}

namespace {

// An option that records whether it was typed, so that the config's
// ane.ring_variant can stand in when it was not.
void add_typed_option(CLI::App& cmd, const char* name, VariantOption& option,
                      const std::string& help) {
  cmd.add_option(name, option.text, help)->each([&option](const std::string&) {
    option.given = true;
  });
}

}  // namespace

void add_variant_option(CLI::App& cmd, VariantOption& variant) {
  add_typed_option(cmd, "--variant", variant,
                   fmt::format("ring variant: {} (default: the config's ane.ring_variant, bug "
                               "for the M3 Air)",
                               variant_choices()));
}

void add_variants_option(CLI::App& cmd, VariantOption& variants) {
  add_typed_option(cmd, "--variants", variants,
                   fmt::format("ring variants, comma separated, of: {} (default: the config's "
                               "ane.ring_variant and fix)",
                               variant_choices()));
}

RingVariant resolve_variant(const VariantOption& variant, const MachineConfig& cfg) {
  return variant.given ? parse_variant_option(variant.text, "--variant") : cfg.ane.ring_variant;
}

std::vector<RingVariant> resolve_variants(const VariantOption& variants, const MachineConfig& cfg) {
  if (variants.given) {
    return parse_variant_list(variants.text, "--variants");
  }
  if (cfg.ane.ring_variant == RingVariant::kFix) {
    return {RingVariant::kFix};
  }
  return {cfg.ane.ring_variant, RingVariant::kFix};
}

std::string variant_list_text(const std::vector<RingVariant>& variants) {
  std::string s;
  for (RingVariant v : variants) {
    s += (s.empty() ? "" : ",") + std::string(variant_name(v));
  }
  return s;
}

RingVariant parse_variant_option(const std::string& text, const std::string& option) {
  const auto variant = find_variant(text);
  if (!variant) {
    throw UsageError(fmt::format("{}: '{}' is not a variant (expected one of: {})", option,
                                 printable(text, 40), variant_choices()));
  }
  return *variant;
}

std::vector<RingVariant> parse_variant_list(const std::string& text, const std::string& option) {
  std::vector<RingVariant> out;
  for (const std::string& name : split_text(text, ',')) {
    const RingVariant v = parse_variant_option(name, option);
    if (std::find(out.begin(), out.end(), v) != out.end()) {
      throw UsageError(
          fmt::format("{}: '{}' is listed twice (each variant once)", option, printable(name, 40)));
    }
    out.push_back(v);
  }
  return out;
}

uint32_t parse_cores(const std::string& text, const MachineConfig& cfg) {
  if (text.empty()) {
    return cfg.ane.cores;
  }
  const auto cores = static_cast<uint32_t>(parse_count(text, "--cores", 1, 16));
  if (cores > cfg.ane.cores) {
    throw UsageError(fmt::format("--cores: {} is more than the {} cores of {}", cores,
                                 cfg.ane.cores, cfg.source));
  }
  return cores;
}

void add_size_options(CLI::App& cmd, SizeOptions& size, const std::string& lines_help,
                      bool shape_needs_both) {
  auto* lines = cmd.add_option("--lines", size.lines, lines_help);
  auto* cin = cmd.add_option("--cin", size.cin, "layer input channels D (with --cout)");
  auto* cout = cmd.add_option("--cout", size.cout,
                              "layer output channels N: lines per core = ceil(N/16)*D*2/64");
  lines->excludes(cin)->excludes(cout);
  if (shape_needs_both) {
    cin->needs(cout);
    cout->needs(cin);
  }
}

uint32_t parse_size(const SizeOptions& size, const std::string& context) {
  if (!size.lines.empty()) {
    return static_cast<uint32_t>(parse_count(size.lines, "--lines", 1, UINT32_MAX));
  }
  if (size.cin.empty() || size.cout.empty()) {
    if (size.cin.empty() && size.cout.empty()) {
      throw UsageError(context + "no transfer size: give --lines N, or --cin D with --cout N");
    }
    throw UsageError(fmt::format("{}{} needs {}", context, size.cin.empty() ? "--cout" : "--cin",
                                 size.cin.empty() ? "--cin" : "--cout"));
  }
  return parse_shape(size, context).lines_per_core;
}

LayerShape parse_shape(const SizeOptions& size, const std::string& context) {
  LayerShape shape;
  shape.cin = parse_count(size.cin, "--cin", 1, UINT32_MAX);
  shape.cout = parse_count(size.cout, "--cout", 1, UINT32_MAX);
  const uint64_t lines = lines_for_shape(shape.cin, shape.cout);
  if (lines == 0) {
    throw UsageError(fmt::format("{}--cin {} --cout {}: the per-core transfer exceeds 2^32-1 lines",
                                 context, size.cin, size.cout));
  }
  shape.lines_per_core = static_cast<uint32_t>(lines);
  return shape;
}

}  // namespace anesim
