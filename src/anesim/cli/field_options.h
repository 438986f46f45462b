// The one binder of a request's field table (src/anesim/api/request_fields.h) to
// CLI11: every row an option with its help and relations, the typed text
// kept as given, then read into the request with the shared parsers, so
// that each option reads, checks and words its errors as before.
#pragma once

#include <CLI/CLI.hpp>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <anesim/api/calibrate.h>
#include <anesim/api/decode.h>
#include <anesim/api/machine_choice.h>
#include <anesim/api/model_source.h>
#include <anesim/api/request_fields.h>
#include <anesim/api/shard.h>
#include <anesim/api/variants.h>
#include <anesim/api/weight_format_fields.h>
#include <anesim/cli/field_errors.h>

namespace anesim {

// What the command line gave, by field name; a map keeps every entry where
// CLI11 was told to write it.
struct FieldTexts {
  std::map<std::string, std::string> text;
  std::map<std::string, bool> flag;
  std::map<std::string, bool> given;
  std::map<std::string, std::vector<std::string>> files;  // kFiles, kFreeKeys: each item
  // The fields whose messages quote the text as typed (counts, dtypes, kernels).
  std::vector<std::string> quoted;
  // The kChips row: where the machine row's --chip puts several names.
  std::string chips_field;
  const std::string& text_of(const std::string& name) const;  // "" when not given
  bool was_given(const std::string& name) const;
};

// The option as messages name it: "--jobs" of "-j,--jobs".
std::string option_name(const api::FieldSpec& spec);

// Every row of `specs` an option, then CLI11's excludes/needs/required
// between them.
void add_field_options(CLI::App& app, const api::FieldSpec* specs, size_t count, FieldTexts& texts);

template <class Request>
void add_field_options(CLI::App& app, FieldTexts& texts) {
  add_field_options(app, std::begin(api::RequestFields<Request>::kSpecs),
                    std::size(api::RequestFields<Request>::kSpecs), texts);
}

// One member from its text, by the member's type (field_readers.cpp); a
// field not given keeps the request's initial value. UsageError names the
// option.
void read_field(const api::FieldSpec& s, const FieldTexts& t, std::optional<uint64_t>& out);
void read_field(const api::FieldSpec& s, const FieldTexts& t, uint64_t& out);
void read_field(const api::FieldSpec& s, const FieldTexts& t, std::vector<uint64_t>& out);
void read_field(const api::FieldSpec& s, const FieldTexts& t, std::string& out);
void read_field(const api::FieldSpec& s, const FieldTexts& t, std::vector<std::string>& out);
void read_field(const api::FieldSpec& s, const FieldTexts& t, std::optional<double>& out);
void read_field(const api::FieldSpec& s, const FieldTexts& t, bool& out);
void read_field(const api::FieldSpec& s, const FieldTexts& t, std::optional<RingVariant>& out);
void read_field(const api::FieldSpec& s, const FieldTexts& t, std::vector<RingVariant>& out);
void read_field(const api::FieldSpec& s, const FieldTexts& t, std::optional<Shard>& out);
void read_field(const api::FieldSpec& s, const FieldTexts& t, std::optional<MemoryCoupling>& out);
void read_field(const api::FieldSpec& s, const FieldTexts& t, api::MachineChoice& out);
void read_field(const api::FieldSpec& s, const FieldTexts& t,
                std::optional<std::vector<std::string>>& out);
void read_field(const api::FieldSpec& s, const FieldTexts& t, api::ModelChoice& out);
void read_field(const api::FieldSpec& s, const FieldTexts& t, api::DtypeChoice& out);
void read_field(const api::FieldSpec& s, const FieldTexts& t, std::optional<api::Kernel>& out);
void read_field(const api::FieldSpec& s, const FieldTexts& t, std::vector<api::FreeKey>& out);
void read_field(const api::FieldSpec& s, const FieldTexts& t, api::SplitChoice& out);

// The request the options spell; its values are checked by the library.
// A dtype's or a kernel's text is read here: call it inside call_library.
template <class Request>
Request field_request(const FieldTexts& texts) {
  Request r;
  api::RequestFields<Request>::each(
      r, [&](const api::FieldSpec& spec, auto& member) { read_field(spec, texts, member); });
  return r;
}

// Every quoted field's text as typed, for the library's messages (field_errors.h).
TypedText typed_text(const FieldTexts& texts);

}  // namespace anesim
