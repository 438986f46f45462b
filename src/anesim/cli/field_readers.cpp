// The readers of field_options.h: each request member from the text its
// option was given, by the member's type, with the shared parsers.
#include <anesim/cli/field_options.h>

#include <cmath>
#include <cstdlib>

#include <fmt/format.h>

#include <anesim/api/advise_fleet.h>
#include <anesim/cli/shard_option.h>
#include <anesim/cli/shared_options.h>
#include <anesim/io/count_text.h>
#include <anesim/io/errors.h>

namespace anesim {

using api::FieldKind;
using api::FieldSpec;

namespace {

double free_bound(const std::string& text, const std::string& item, const std::string& option) {
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (text.empty() || end != text.c_str() + text.size() || !std::isfinite(v)) {
    throw UsageError(fmt::format("{} {}: '{}' is not a number", option, printable(item, 60),
                                 printable(text, 40)));
  }
  return v;
}

// KEY=LO:HI as typed; the library checks the key against the description.
api::FreeKey free_key(const std::string& item, const std::string& option) {
  const size_t eq = item.find('=');
  const std::vector<std::string> bounds =
      split_text(eq == std::string::npos ? "" : item.substr(eq + 1), ':');
  if (eq == std::string::npos || eq == 0 || bounds.size() != 2) {
    throw UsageError(
        fmt::format("{}: '{}' is not KEY=LO:HI (e.g. fabric.port_cycles_per_line=10:20)", option,
                    printable(item, 60)));
  }
  return api::FreeKey{item.substr(0, eq), free_bound(bounds[0], item, option),
                      free_bound(bounds[1], item, option)};
}

}  // namespace

void read_field(const FieldSpec& s, const FieldTexts& t, std::optional<uint64_t>& out) {
  if (t.was_given(s.name) || !t.text_of(s.name).empty())
    out = optional_count(t.text_of(s.name), option_name(s));
}

void read_field(const FieldSpec& s, const FieldTexts& t, uint64_t& out) {
  if (t.was_given(s.name) || !t.text_of(s.name).empty())
    out = parse_count(t.text_of(s.name), option_name(s), 0, UINT64_MAX);
}

void read_field(const FieldSpec& s, const FieldTexts& t, std::vector<uint64_t>& out) {
  out = count_list(t.text_of(s.name), option_name(s));
}

// A text with a default (--detrend mean) keeps it unless given.
void read_field(const FieldSpec& s, const FieldTexts& t, std::string& out) {
  if (t.was_given(s.name) || !t.text_of(s.name).empty()) out = t.text_of(s.name);
}

void read_field(const FieldSpec& s, const FieldTexts& t, std::vector<std::string>& out) {
  out = t.files.at(s.name);
}

void read_field(const FieldSpec& s, const FieldTexts& t, std::optional<double>& out) {
  out = optional_percentage(t.text_of(s.name), option_name(s));
}

void read_field(const FieldSpec& s, const FieldTexts& t, bool& out) {
  if (s.kind == FieldKind::kChoice) {  // CLI11 lets only the choices through
    const std::string choices = s.choices;
    if (t.was_given(s.name)) out = t.text_of(s.name) == choices.substr(choices.rfind('|') + 1);
    return;
  }
  const auto it = t.flag.find(s.name);
  const bool set = it != t.flag.end() && it->second;
  if (set) out = s.kind != FieldKind::kNoFlag;
}

void read_field(const FieldSpec& s, const FieldTexts& t, std::optional<RingVariant>& out) {
  if (t.was_given(s.name)) out = parse_variant_option(t.text_of(s.name), option_name(s));
}

void read_field(const FieldSpec& s, const FieldTexts& t, std::vector<RingVariant>& out) {
  if (t.was_given(s.name)) out = parse_variant_list(t.text_of(s.name), option_name(s));
}

void read_field(const FieldSpec& s, const FieldTexts& t, std::optional<Shard>& out) {
  if (!t.text_of(s.name).empty()) out = parse_shard_option(t.text_of(s.name));
}

void read_field(const FieldSpec& s, const FieldTexts& t, std::optional<MemoryCoupling>& out) {
  // CLI11 lets only the choices through.
  if (!t.text_of(s.name).empty()) {
    out = t.text_of(s.name) == "tlm" ? MemoryCoupling::kTlm : MemoryCoupling::kBuiltin;
  }
}

void read_field(const FieldSpec& s, const FieldTexts& t, std::vector<api::FreeKey>& out) {
  for (const std::string& item : t.files.at(s.name)) out.push_back(free_key(item, option_name(s)));
}

void read_field(const FieldSpec& s, const FieldTexts& t, api::SplitChoice& out) {
  if (!t.was_given(s.name)) return;
  if (t.text_of(s.name).empty()) {
    // Not "none": the default is "advised", so an empty value means neither.
    throw UsageError(fmt::format(
        "{}: expected none, advised or a split file's path, not an empty value", option_name(s)));
  }
  out = api::split_choice_field(t.text_of(s.name));
}

void read_field(const FieldSpec& s, const FieldTexts& t, api::MachineChoice& out) {
  out.config = t.text_of(s.name);
}

void read_field(const FieldSpec& s, const FieldTexts& t,
                std::optional<std::vector<std::string>>& out) {
  // Set by --chip when it names several chips (each checked there).
  if (!t.text_of(s.name).empty()) out = api::fleet_chip_names(t.text_of(s.name));
}

void read_field(const FieldSpec& s, const FieldTexts& t, api::ModelChoice& out) {
  out.name = t.text_of(s.name);
}

// A dtype given even as "" (refused by the library's reader).
void read_field(const FieldSpec& s, const FieldTexts& t, api::DtypeChoice& out) {
  if (t.was_given(s.name)) out = api::dtype_choice_field(t.text_of(s.name), s.name);
}

void read_field(const FieldSpec& s, const FieldTexts& t, std::optional<api::Kernel>& out) {
  if (!t.text_of(s.name).empty()) out = api::kernel_field(t.text_of(s.name), s.name);
}

}  // namespace anesim
