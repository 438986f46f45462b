#include <anesim/cli/field_options.h>

#include <cstring>

#include <anesim/cli/shard_option.h>
#include <anesim/cli/shared_options.h>
#include <anesim/io/count_text.h>
#include <anesim/io/text_functions.h>

namespace anesim {

namespace {

using api::FieldKind;
using api::FieldSpec;

// The help with the variant table's names where the row says {variants}.
std::string help_text(const FieldSpec& spec) {
  std::string help = spec.help;
  const std::string mark = "{variants}";
  const size_t at = help.find(mark);
  if (at != std::string::npos) help.replace(at, mark.size(), variant_choices());
  return help;
}

const std::string& text_of(const FieldTexts& t, const FieldSpec& s) {
  static const std::string none;
  const auto it = t.text.find(s.name);
  return it == t.text.end() ? none : it->second;
}

// The option as messages name it: "--jobs" of "-j,--jobs".
std::string option_name(const FieldSpec& s) {
  const std::string option = s.option;
  return option.substr(option.rfind(',') + 1);
}

bool given(const FieldTexts& t, const FieldSpec& s) {
  const auto it = t.given.find(s.name);
  return it != t.given.end() && it->second;
}

}  // namespace

void add_field_option(CLI::App& app, const FieldSpec& spec, FieldTexts& texts) {
  if (spec.kind == FieldKind::kFlag || spec.kind == FieldKind::kNoFlag) {
    app.add_flag(spec.option, texts.flag[spec.name], help_text(spec));
    return;
  }
  if (spec.kind == FieldKind::kFiles) {
    app.add_option(spec.option, texts.files[spec.name], help_text(spec))->required();
    return;
  }
  if (spec.kind == FieldKind::kCount || spec.kind == FieldKind::kCounts) {
    texts.counts.push_back(spec.name);
  }
  std::string& text = texts.text[spec.name];
  bool& typed = texts.given[spec.name];
  CLI::Option* option = nullptr;
  if (spec.kind == FieldKind::kMachine || spec.kind == FieldKind::kMachineFile) {
    option = add_config_option(app, text);  // --config, and --chip beside it
  } else if (spec.kind == FieldKind::kOutput) {
    option = add_output_option(app, spec.option, text, help_text(spec));
  } else {
    option = app.add_option(spec.option, text, help_text(spec));
  }
  option->each([&typed](const std::string&) { typed = true; });
  if (spec.kind == FieldKind::kChoice) {
    option->check(CLI::IsMember(split_text(spec.choices, '|')));
  }
  if (spec.kind == FieldKind::kShard) option->check(shard_text_check());
}

void add_field_relations(CLI::App& app, const FieldSpec* specs, size_t count) {
  for (size_t i = 0; i < count; ++i) {
    const std::string relation = specs[i].relation;
    if (relation.empty()) continue;
    const size_t colon = relation.find(':');
    const std::string how = relation.substr(0, colon);
    CLI::Option* from = app.get_option(option_name(specs[i]));
    for (const std::string& name : split_text(relation.substr(colon + 1), ',')) {
      for (size_t j = 0; j < count; ++j) {
        if (name != specs[j].name) continue;
        CLI::Option* to = app.get_option(option_name(specs[j]));
        if (how == "excludes") from->excludes(to);
        if (how == "needs") from->needs(to);
      }
    }
  }
}

void read_field(const FieldSpec& s, const FieldTexts& t, std::optional<uint64_t>& out) {
  if (given(t, s) || !text_of(t, s).empty()) out = optional_count(text_of(t, s), option_name(s));
}

void read_field(const FieldSpec& s, const FieldTexts& t, uint64_t& out) {
  if (given(t, s) || !text_of(t, s).empty())
    out = parse_count(text_of(t, s), option_name(s), 0, UINT64_MAX);
}

void read_field(const FieldSpec& s, const FieldTexts& t, std::vector<uint64_t>& out) {
  out = count_list(text_of(t, s), option_name(s));
}

// A text with a default (--detrend mean) keeps it unless given.
void read_field(const FieldSpec& s, const FieldTexts& t, std::string& out) {
  if (given(t, s) || !text_of(t, s).empty()) out = text_of(t, s);
}

void read_field(const FieldSpec& s, const FieldTexts& t, std::vector<std::string>& out) {
  out = t.files.at(s.name);
}

void read_field(const FieldSpec& s, const FieldTexts& t, std::optional<double>& out) {
  out = optional_percentage(text_of(t, s), option_name(s));
}

void read_field(const FieldSpec& s, const FieldTexts& t, bool& out) {
  const auto it = t.flag.find(s.name);
  const bool set = it != t.flag.end() && it->second;
  if (set) out = s.kind != FieldKind::kNoFlag;
}

void read_field(const FieldSpec& s, const FieldTexts& t, std::optional<RingVariant>& out) {
  if (given(t, s)) out = parse_variant_option(text_of(t, s), option_name(s));
}

void read_field(const FieldSpec& s, const FieldTexts& t, std::vector<RingVariant>& out) {
  if (given(t, s)) out = parse_variant_list(text_of(t, s), option_name(s));
}

void read_field(const FieldSpec& s, const FieldTexts& t, std::optional<Shard>& out) {
  if (!text_of(t, s).empty()) out = parse_shard_option(text_of(t, s));
}

void read_field(const FieldSpec& s, const FieldTexts& t, std::optional<MemoryCoupling>& out) {
  // CLI11 lets only the choices through.
  if (!text_of(t, s).empty()) {
    out = text_of(t, s) == "tlm" ? MemoryCoupling::kTlm : MemoryCoupling::kBuiltin;
  }
}

void read_field(const FieldSpec& s, const FieldTexts& t, api::MachineChoice& out) {
  out.config = text_of(t, s);
}

TypedText typed_text(const FieldTexts& texts) {
  TypedText typed;
  for (const std::string& name : texts.counts) typed[name] = texts.text.at(name);
  return typed;
}

}  // namespace anesim
