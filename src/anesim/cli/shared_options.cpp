#include <anesim/cli/shared_options.h>

#include <fmt/format.h>

#include <anesim/api/advise_fleet.h>
#include <anesim/api/machines.h>
#include <anesim/io/count_text.h>
#include <anesim/io/text_functions.h>

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

namespace {

// How every --chip help starts; the registry's names follow it once known.
constexpr const char* kChipHelpHead = "a built-in chip description";

}  // namespace

CLI::Option* add_config_option(CLI::App& cmd, std::string& path, std::string* chip_list) {
  CLI::Option* config =
      cmd.add_option("--config", path,
                     "machine description YAML, any file (default: built-in M3 Air); a file may "
                     "say base: CHIP and only what differs")
          ->check(file_name_check());
  // A chip is its registered file: every command reads it as it reads --config.
  // An unknown name throws FieldError from the callback, reported as any other.
  auto is_list = [chip_list](const std::string& text) {
    return chip_list && (chip_group(text) || text.find(',') != std::string::npos);
  };
  // The names are filled in when help is printed (name_chips_in_help), so a
  // command line reads the registry only when it names a chip.
  std::string help = std::string(kChipHelpHead) + " (`anesim chips` describes them); default: m3";
  if (chip_list) {
    help +=
        ". A,B,..., or a group (all, macs, iphones, ipads), advises every chip listed at "
        "once (docs/advise.md, Fleet)";
  }
  cmd.add_option_function<std::string>(
         "--chip",
         [&path, chip_list, is_list](const std::string& name) {
           if (is_list(name)) {
             api::fleet_chip_names(name);  // checks every name
             *chip_list = name;
           } else {
             path = chip_config_path(name);
           }
         },
         help)
      ->excludes(config);
  return config;
}

void name_chips_in_help(CLI::App& app) {
  std::string names;
  try {
    names = chip_names();
  } catch (const std::exception&) {
    return;  // no registry to read: the help without the names
  }
  const std::string head = kChipHelpHead;
  std::vector<CLI::App*> commands = app.get_subcommands([](CLI::App*) { return true; });
  commands.push_back(&app);
  for (CLI::App* cmd : commands) {
    CLI::Option* chip = cmd->get_option_no_throw("--chip");
    if (chip == nullptr) continue;
    const std::string help = chip->get_description();
    if (help.rfind(head + " (", 0) == 0) {
      chip->description(head + ": " + names + help.substr(head.size()));
    }
  }
}

MachineConfig load_machine(const std::string& path) { return load_config_or_builtin(path); }

void add_jobs_option(CLI::App& cmd, std::string& jobs) {
  cmd.add_option("-j,--jobs", jobs, "simulations run in parallel (default 2)");
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
    out.push_back(parse_variant_option(name, option));
  }
  return out;
}

std::optional<uint64_t> optional_count(const std::string& text, const std::string& option) {
  if (text.empty()) {
    return std::nullopt;
  }
  return parse_count(text, option, 0, UINT64_MAX);
}

std::optional<double> optional_percentage(const std::string& text, const std::string& option) {
  if (text.empty()) {
    return std::nullopt;
  }
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (end == text.c_str() || *end != '\0') {
    throw UsageError(fmt::format("{}: '{}' is not a percentage >= 0", option, text));
  }
  return v;
}

std::vector<uint64_t> count_list(const std::string& text, const std::string& option) {
  std::vector<uint64_t> out;
  if (!text.empty()) {
    for (const std::string& item : split_text(text, ',')) {
      out.push_back(parse_count(item, option, 0, UINT64_MAX));
    }
  }
  return out;
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

}  // namespace anesim
