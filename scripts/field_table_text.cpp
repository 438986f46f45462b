// The stubs' functions and TypedDicts, and the documents' tables, as text.
#include <string>

#include "scripts/field_tables.h"

namespace field_tables {

namespace {

// Python's name of the table's function.
std::string function_name(const Table& t) { return *t.function ? t.function : t.name; }

// The option as the documents show it: a positional one by its value's name.
std::string shown_option(const FieldSpec& s) {
  if (s.kind == FieldKind::kFiles) return "FILE...` (positional)";
  if (*s.option != '-') return "PATH` (positional)";
  return std::string(s.option) + "`";
}

std::string variant_names() {
  std::string out;
#define ANESIM_RING_VARIANT(id, name, ...) \
  out += std::string(out.empty() ? "" : ", ") + "`" name "`";
#include <sim/ring/ring_variants.def>
#undef ANESIM_RING_VARIANT
  return out;
}

std::string dtype_names() {
  std::string out;
#define ANESIM_DTYPE(id, name, ...) out += std::string(out.empty() ? "" : ", ") + "`" name "`";
#include <anesim/model/dtypes.def>
#undef ANESIM_DTYPE
  return out;
}

const char* metavar(FieldKind kind) {
  switch (kind) {
    case FieldKind::kCount:
      return " N";
    case FieldKind::kCounts:
    case FieldKind::kVariants:
      return " A,B,...";
    case FieldKind::kVariant:
      return " V";
    case FieldKind::kMachine:
    case FieldKind::kMachineFile:
    case FieldKind::kOutput:
      return " FILE";
    case FieldKind::kPath:
      return " PATH";
    case FieldKind::kChoice:
    case FieldKind::kChoiceOrFile:
    case FieldKind::kText:
      return " M";
    case FieldKind::kShard:
      return " I/N";
    case FieldKind::kFreeKeys:
      return " KEY=LO:HI";
    case FieldKind::kChips:
      return " A,B,...";
    case FieldKind::kModel:
      return " MODEL";
    case FieldKind::kDtype:
      return " DTYPE";
    case FieldKind::kKernel:
      return " KHxKW";
    case FieldKind::kPercent:
      return " P";
    default:
      return "";
  }
}

std::string python_type(const FieldSpec& s) {
  const bool none = std::string(s.python) == "None";
  std::string t;
  switch (s.kind) {
    case FieldKind::kCount:
      t = "_Count";
      break;
    case FieldKind::kCounts:
      t = "Sequence[SupportsIndex]";
      break;
    case FieldKind::kVariants:
      t = "Sequence[str]";
      break;
    case FieldKind::kFiles:
      return "Sequence[_Path]";
    case FieldKind::kPercent:
      t = "float";
      break;
    case FieldKind::kOutput:
    case FieldKind::kPath:
      t = "_Path";
      break;
    case FieldKind::kFlag:
    case FieldKind::kNoFlag:
      return "bool";
    case FieldKind::kModel:
      t = "_ModelArg";
      break;
    case FieldKind::kDtype:
      return "_DtypeArg";  // None among its types
    case FieldKind::kKernel:
      return "Union[Tuple[_Count, _Count], str, None]";
    case FieldKind::kChips:
      return "Union[Sequence[str], str, None]";
    case FieldKind::kFreeKeys:
      return "Mapping[str, Tuple[float, float]]";
    case FieldKind::kChoiceOrFile:
      return "Union[Literal[\"" + replaced(s.choices, "|", "\", \"") + "\"], _Path]";
    default:
      t = "str";
  }
  return none ? "Optional[" + t + "]" : t;
}

// docs/python.md's type column.
const char* python_type_words(FieldKind kind) {
  switch (kind) {
    case FieldKind::kCount:
      return "int or str";
    case FieldKind::kCounts:
      return "list of int";
    case FieldKind::kVariants:
      return "list of str";
    case FieldKind::kFiles:
      return "list of paths";
    case FieldKind::kPercent:
      return "float";
    case FieldKind::kFlag:
    case FieldKind::kNoFlag:
      return "bool";
    case FieldKind::kModel:
      return "a preset name, a path, or a dict (the model format, or `load_model`'s)";
    case FieldKind::kDtype:
      return "str, or a dict of weight names to dtypes";
    case FieldKind::kKernel:
      return "`(kh, kw)` or str `\"KHxKW\"`";
    case FieldKind::kChips:
      return "list of chip names, or str (`\"all\"`, a group or one name)";
    case FieldKind::kChoiceOrFile:
      return "str or a path";
    case FieldKind::kFreeKeys:
      return "dict of key: (lo, hi)";
    case FieldKind::kOutput:
    case FieldKind::kPath:
      return "a path";
    default:
      return "str";
  }
}

}  // namespace

std::string replaced(std::string text, const std::string& mark, const std::string& with) {
  for (size_t at = text.find(mark); at != std::string::npos; at = text.find(mark, at)) {
    text.replace(at, mark.size(), with);
    at += with.size();
  }
  return text;
}

std::string stub_def(const Table& t) {
  std::string out = "def " + function_name(t) + "(\n" + t.lead;
  for (size_t i = 0; i < t.count; ++i) {
    const FieldSpec& s = t.specs[i];
    if (*s.python == '\0') continue;
    if (s.kind == FieldKind::kMachine) {
      out += "    config: _ConfigArg = None,\n    chip: Optional[str] = None,\n";
    } else if (s.kind == FieldKind::kMachineFile) {
      out += "    config: Optional[_Path] = None,\n    chip: Optional[str] = None,\n";
    } else {
      const bool required = std::string(s.python) == "required";
      out += "    " + std::string(s.name) + ": " + python_type(s) +
             (required ? "" : " = " + std::string(s.python)) + ",\n";
    }
  }
  return out + t.extra + ") -> " + t.result + ": ...";
}

// The TypedDict: the keys always there, then in a total=False class the
// others (the stub's pattern for optional keys); derived from the
// TypedDict a base row names, else from TypedDict.
std::string result_class(const Result& r) {
  std::string required, optional, parent = "TypedDict";
  for (size_t i = 0; i < r.count; ++i) {
    const ResultKey& k = r.keys[i];
    if (*k.key == '\0') {
      parent = k.type;
      continue;
    }
    (std::string(k.when) == "true" ? required : optional) +=
        "    " + std::string(k.key) + ": " + k.type + "\n";
  }
  const std::string doc = "    \"\"\"" + std::string(r.doc) + "\"\"\"\n\n";
  std::string out;
  if (optional.empty()) {
    out = "class " + std::string(r.name) + "(" + parent + "):\n" + doc + required;
  } else {
    const std::string base = "_" + std::string(r.name) + "Base";
    out = "class " + base + "(" + parent + "):\n" + required + "\nclass " + r.name + "(" + base +
          ", total=False):\n" + doc + optional;
  }
  out.pop_back();  // the template's line ends it
  return out;
}

std::string result_table(const Result& r) {
  std::string out = "| key | type | meaning |\n|---|---|---|\n";
  for (size_t i = 0; i < r.count; ++i) {
    const ResultKey& k = r.keys[i];
    if (*k.key == '\0') {
      out += "| the keys of `" + std::string(k.type) + "` | | as its table gives them |\n";
      continue;
    }
    out += "| `" + std::string(k.key) + "` | `" + k.type + "` | " + k.doc +
           (std::string(k.when) == "true" ? "" : " (not always there)") + " |\n";
  }
  return out;
}

std::string cli_table(const Table& t) {
  std::string out = "| option | value | meaning |\n|---|---|---|\n";
  for (size_t i = 0; i < t.count; ++i) {
    const FieldSpec& s = t.specs[i];
    const std::string option =
        *s.option == '-' ? s.option + std::string(metavar(s.kind)) + "`" : shown_option(s);
    const std::string value =
        replaced(replaced(s.value, "{variants}", variant_names()), "{dtypes}", dtype_names());
    out += "| `" + option + " | " + value + " | " + s.doc + " |\n";
  }
  return out;
}

std::string python_table(const Table& t) {
  std::string signature = t.lead_call;
  std::string rows = "| keyword | type | default | as the option |\n|---|---|---|---|\n";
  for (size_t i = 0; i < t.count; ++i) {
    const FieldSpec& s = t.specs[i];
    if (*s.python == '\0') continue;
    const bool file = s.kind == FieldKind::kMachineFile;
    const bool required = std::string(s.python) == "required";
    const bool machine = s.kind == FieldKind::kMachine || file;
    signature += std::string(signature.empty() ? "" : ", ") +
                 (machine    ? "config=None, chip=None"
                  : required ? std::string(s.name)
                             : std::string(s.name) + "=" + s.python);
    if (machine) {
      rows += std::string("| `config`, `chip` | ") + (file ? "a path" : "a path or a `Config`") +
              "; a chip's name | `None` | `--config`, `--chip` |\n";
      continue;
    }
    const std::string type = python_type_words(s.kind);
    const std::string fallback = required ? "required" : "`" + std::string(s.python) + "`";
    const std::string option = shown_option(s);
    rows +=
        "| `" + std::string(s.name) + "` | " + type + " | " + fallback + " | `" + option + " |\n";
  }
  if (t.result == nullptr) return rows;  // several functions, each its own signature
  return "`anesim." + function_name(t) + "(" + signature + ")`\n\n" + rows;
}

// Whether Python takes any of the table's rows.
bool has_keywords(const Table& t) {
  for (size_t i = 0; i < t.count; ++i) {
    if (*t.specs[i].python != '\0') return true;
  }
  return false;
}

}  // namespace field_tables
