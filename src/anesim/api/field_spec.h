// One row of a request's field table (src/anesim/api/*_fields.def): everything the
// front ends and the documents say about a field, declared once beside the
// request. The command line's binder (src/anesim/cli/field_options), Python's
// (src/anesim/python/python_fields), the stubs and the option tables of docs/cli.md
// and docs/python.md (scripts/field_tables.cpp) are all read from it.
#pragma once

namespace anesim::api {

// How a field is typed on the command line and in Python.
enum class FieldKind {
  kCount,         // a count: decimal or 0x hex; Python int or str
  kCounts,        // A,B,...: counts; Python a list of int
  kPercent,       // a percentage (--max-mape)
  kFiles,         // the command's positional files, at least one; Python a list
  kVariant,       // a ring variant's name
  kVariants,      // A,B,...: ring variants' names; Python a list of str
  kMachine,       // --config FILE or --chip NAME; Python config= or chip=
  kMachineFile,   // as kMachine, but a file: Python refuses a Config
  kChips,         // several chips (A,B,... or a group): the machine row's --chip when it
                  // names more than one; Python a list of names or a str
  kModel,         // a model preset or file; Python also a dict or load_model's
  kDtype,         // a weight format, or NAME=DTYPE,... per weight name; Python a str or a dict
  kKernel,        // KHxKW; Python (kh, kw) or a str
  kOutput,        // an output file's name, not empty
  kChoice,        // one of `choices` ("builtin|tlm"); into a bool: true for the last one
  kChoiceOrFile,  // one of `choices`, or else a file's name (decode's --split)
  kText,          // text the command checks itself (sweep's --detrend)
  kPath,          // an input file's or folder's name; Python a path
  kFreeKeys,      // KEY=LO:HI, the option repeated; Python a dict of key: (lo, hi)
  kShard,         // I/N: one shard of a batch
  kFlag,          // present or not
  kNoFlag,        // --no-NAME: the field is true unless given
};

struct FieldSpec {
  const char* name;  // the request's member, Python's keyword, FieldError's field
  FieldKind kind;
  const char* option;    // the command line's flag
  const char* python;    // Python's default as written in the stub; "" = not a keyword,
                         // "required" = a keyword with no default
  const char* choices;   // kChoice: the values, '|' between them
  const char* relation;  // "excludes:a,b", "needs:a" or "required": what CLI11 enforces
  const char* help;      // --help ({variants}, {dtypes}: the variants' and formats' names)
  const char* value;     // docs/cli.md's value column
  const char* doc;       // docs/cli.md's meaning column (Markdown)
};

}  // namespace anesim::api
