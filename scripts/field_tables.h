// The tables scripts/field_tables.cpp writes from: the request field tables
// (src/anesim/api/*_fields.def; field_table_list.cpp) and the result key
// tables (the *_keys.def beside the code building each dict;
// result_table_list.cpp), and what each becomes in the stubs and the
// documents (field_table_text.cpp).
#pragma once

#include <cstddef>
#include <string>

#include <anesim/api/field_spec.h>

namespace field_tables {

using anesim::api::FieldKind;
using anesim::api::FieldSpec;

struct Table {
  const char* name;
  const FieldSpec* specs;
  size_t count;
  const char* result;          // the stub's return type; nullptr: the stub's functions are
                               // written by hand, and docs/python.md lists the keywords alone
  const char* extra;           // the stub's keyword-only arguments beyond the table
  const char* lead = "";       // the stub's arguments bound by hand before the table's
  const char* lead_call = "";  // the same in the docs' signature
  const char* function = "";   // Python's function where its name is not the command's
};

// One key of a result's dict (a row of its *_keys.def): its Python type,
// the C++ condition under which it is there ("true": always) and what it
// means. A row with an empty key (ANESIM_RESULT_BASE) stands for the keys
// of the TypedDict its type names, which the dict has there.
struct ResultKey {
  const char* key;
  const char* type;
  const char* when;
  const char* doc;
};

// A TypedDict of the stub written from its keys ("# result: NAME" in the
// template) and its table in docs/python.md.
struct Result {
  const char* name;
  const char* doc;  // the TypedDict's docstring
  const ResultKey* keys;
  size_t count;
};

extern const Table kTables[];
extern const size_t kTableCount;
extern const Result kResults[];
extern const size_t kResultCount;

// `text` with every `mark` replaced.
std::string replaced(std::string text, const std::string& mark, const std::string& with);
// Whether Python takes any of the table's rows.
bool has_keywords(const Table& t);
// The stub's function ("def name(...) -> Result: ...").
std::string stub_def(const Table& t);
// docs/cli.md's option table and docs/python.md's keyword table.
std::string cli_table(const Table& t);
std::string python_table(const Table& t);
// The stub's TypedDict (a total=False class for the keys not always there;
// derived from the TypedDict a base row names) and docs/python.md's key
// table.
std::string result_class(const Result& r);
std::string result_table(const Result& r);

}  // namespace field_tables
