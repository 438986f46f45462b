#include <anesim/cli/field_options.h>

#include <fmt/format.h>

#include <anesim/api/models.h>
#include <anesim/cli/shard_option.h>
#include <anesim/cli/shared_options.h>
#include <anesim/io/text_functions.h>

namespace anesim {

namespace {

using api::FieldKind;
using api::FieldSpec;

// The help with the tables' names where the row says {variants} or {dtypes}.
std::string help_text(const FieldSpec& spec) {
  std::string help = spec.help;
  const auto replace = [&help](const std::string& mark, const std::string& names) {
    const size_t at = help.find(mark);
    if (at != std::string::npos) help.replace(at, mark.size(), names);
  };
  replace("{variants}", variant_choices());
  replace("{dtypes}", dtype_list());
  return help;
}

}  // namespace

std::string option_name(const FieldSpec& s) {
  const std::string option = s.option;
  return option.substr(option.rfind(',') + 1);
}

const std::string& FieldTexts::text_of(const std::string& name) const {
  static const std::string none;
  const auto it = text.find(name);
  return it == text.end() ? none : it->second;
}

bool FieldTexts::was_given(const std::string& name) const {
  const auto it = given.find(name);
  return it != given.end() && it->second;
}

void add_field_option(CLI::App& app, const FieldSpec& spec, FieldTexts& texts) {
  if (spec.kind == FieldKind::kChips) return;  // the machine row's --chip
  if (spec.kind == FieldKind::kFlag || spec.kind == FieldKind::kNoFlag) {
    app.add_flag(spec.option, texts.flag[spec.name], help_text(spec));
    return;
  }
  if (spec.kind == FieldKind::kFiles) {
    app.add_option(spec.option, texts.files[spec.name], help_text(spec))->required();
    return;
  }
  if (spec.kind == FieldKind::kFreeKeys) {  // the option once per item
    texts.quoted.push_back(spec.name);
    app.add_option(spec.option, texts.files[spec.name], help_text(spec));
    return;
  }
  if (spec.kind == FieldKind::kCount || spec.kind == FieldKind::kCounts ||
      spec.kind == FieldKind::kDtype || spec.kind == FieldKind::kKernel) {
    texts.quoted.push_back(spec.name);
  }
  std::string& text = texts.text[spec.name];
  bool& typed = texts.given[spec.name];
  CLI::Option* option = nullptr;
  if (spec.kind == FieldKind::kMachine || spec.kind == FieldKind::kMachineFile) {
    // --config, and --chip beside it: with a kChips row, several names go there.
    std::string* chips = texts.chips_field.empty() ? nullptr : &texts.text[texts.chips_field];
    option = add_config_option(app, text, chips);
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

void add_field_options(CLI::App& app, const FieldSpec* specs, size_t count, FieldTexts& texts) {
  for (size_t i = 0; i < count; ++i) {
    if (specs[i].kind == FieldKind::kChips) texts.chips_field = specs[i].name;
  }
  for (size_t i = 0; i < count; ++i) add_field_option(app, specs[i], texts);
  for (size_t i = 0; i < count; ++i) {
    const std::string relation = specs[i].relation;
    if (relation == "required") app.get_option(option_name(specs[i]))->required();
    if (relation.empty() || relation == "required") continue;
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

TypedText typed_text(const FieldTexts& texts) {
  TypedText typed;
  for (const std::string& name : texts.quoted) {
    const auto items = texts.files.find(name);  // a repeated option: its items, as a list
    typed[name] = items == texts.files.end() ? texts.text.at(name)
                                             : fmt::format("{}", fmt::join(items->second, ","));
  }
  return typed;
}

}  // namespace anesim
