// Writes what the request field tables (src/anesim/api/*_fields.def) give the
// stubs and the documents: Python's signatures in anesim.pyi, and the option
// and keyword tables between the marks of docs/cli.md and docs/python.md.
//   field_tables stub TEMPLATE OUT     the stubs, from src/anesim/python/anesim.pyi.template
//   field_tables docs check|write ROOT the documents' tables (check: exit 1
//                                      naming the block that differs)
// Built from the tables alone (no library), so it runs before anything else.
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include <anesim/api/field_spec.h>

namespace {

using anesim::api::FieldKind;
using anesim::api::FieldSpec;

constexpr FieldSpec kRun[] = {
#define ANESIM_FIELD(member, type, init, kind, ...) {#member, FieldKind::kind, __VA_ARGS__},
#include <anesim/api/run_fields.def>
#undef ANESIM_FIELD
};

constexpr FieldSpec kCharacterize[] = {
#define ANESIM_FIELD(member, type, init, kind, ...) {#member, FieldKind::kind, __VA_ARGS__},
#include <anesim/api/characterize_fields.def>
#undef ANESIM_FIELD
};

constexpr FieldSpec kSweep[] = {
#define ANESIM_FIELD(member, type, init, kind, ...) {#member, FieldKind::kind, __VA_ARGS__},
#include <anesim/api/sweep_fields.def>
#undef ANESIM_FIELD
};

constexpr FieldSpec kReplay[] = {
#define ANESIM_FIELD(member, type, init, kind, ...) {#member, FieldKind::kind, __VA_ARGS__},
#include <anesim/api/replay_fields.def>
#undef ANESIM_FIELD
};

constexpr FieldSpec kDecode[] = {
#define ANESIM_FIELD(member, type, init, kind, ...) {#member, FieldKind::kind, __VA_ARGS__},
#include <anesim/api/decode_fields.def>
#undef ANESIM_FIELD
};

constexpr FieldSpec kReport[] = {
#define ANESIM_FIELD(member, type, init, kind, ...) {#member, FieldKind::kind, __VA_ARGS__},
#include <anesim/api/report_fields.def>
#undef ANESIM_FIELD
};

constexpr FieldSpec kCalibrate[] = {
#define ANESIM_FIELD(member, type, init, kind, ...) {#member, FieldKind::kind, __VA_ARGS__},
#include <anesim/api/calibrate_fields.def>
#undef ANESIM_FIELD
};

constexpr FieldSpec kChips[] = {
#define ANESIM_FIELD(member, type, init, kind, ...) {#member, FieldKind::kind, __VA_ARGS__},
#include <anesim/api/chips_fields.def>
#undef ANESIM_FIELD
};

constexpr FieldSpec kProgram[] = {
#define ANESIM_FIELD(member, type, init, kind, ...) {#member, FieldKind::kind, __VA_ARGS__},
#include <anesim/api/program_fields.def>
#undef ANESIM_FIELD
};

constexpr FieldSpec kCache[] = {
#define ANESIM_FIELD(member, type, init, kind, ...) {#member, FieldKind::kind, __VA_ARGS__},
#include <anesim/api/cache_fields.def>
#undef ANESIM_FIELD
};

constexpr FieldSpec kAdvise[] = {
#define ANESIM_FIELD(member, type, init, kind, ...) {#member, FieldKind::kind, __VA_ARGS__},
#include <anesim/api/advise_fields.def>
#undef ANESIM_FIELD
};

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

// Python's name of the table's function.
std::string function_name(const Table& t) { return *t.function ? t.function : t.name; }

// The option as the documents show it: a positional one by its value's name.
std::string shown_option(const FieldSpec& s) {
  if (s.kind == FieldKind::kFiles) return "FILE...` (positional)";
  if (*s.option != '-') return "PATH` (positional)";
  return std::string(s.option) + "`";
}
const Table kTables[] = {
    {"run", kRun, std::size(kRun), "RunResult", ""},
    {"characterize", kCharacterize, std::size(kCharacterize), "TimingTableResult",
     "    *,\n    write: bool = False,\n"},
    {"sweep", kSweep, std::size(kSweep), "SweepResult", "",
     "    axis: Literal[\"lines\", \"x\", \"cin\", \"cout\", \"cores\", \"split\"],\n"
     "    first: int,\n    last: int,\n    step: int = 1,\n",
     "axis, first, last, step=1"},
    {"replay", kReplay, std::size(kReplay), "ReplayResult", ""},
    {"advise", kAdvise, std::size(kAdvise), nullptr, ""},
    {"decode", kDecode, std::size(kDecode), "DecodeResult", ""},
    {"report", kReport, std::size(kReport), "ReportResult", ""},
    {"calibrate", kCalibrate, std::size(kCalibrate), "Calibration", ""},
    {"chips", kChips, std::size(kChips), "List[ChipInfo]", ""},
    {"program", kProgram, std::size(kProgram), "CompiledProgram", "", "", "", "load_program"},
    {"cache", kCache, std::size(kCache), nullptr, ""}};

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

std::string replaced(std::string text, const std::string& mark, const std::string& with) {
  for (size_t at = text.find(mark); at != std::string::npos; at = text.find(mark, at)) {
    text.replace(at, mark.size(), with);
    at += with.size();
  }
  return text;
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

std::string slurp(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error(path + ": cannot read");
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// `text` with the block between BEGIN and END marks set to `body`.
std::string with_block(const std::string& text, const std::string& begin, const std::string& body,
                       const std::string& end, const std::string& file) {
  const size_t b = text.find(begin);
  const size_t e = b == std::string::npos ? b : text.find(end, b);
  if (e == std::string::npos) throw std::runtime_error(file + ": no block '" + begin + "'");
  return text.substr(0, b + begin.size()) + "\n" + body + text.substr(e);
}

void write_if_changed(const std::string& path, const std::string& text) {
  std::ifstream old(path);
  if (old && slurp(path) == text) return;
  std::ofstream(path) << text;
}

int docs(const std::string& mode, const std::string& root) {
  int differ = 0;
  for (const char* doc : {"docs/cli.md", "docs/python.md"}) {
    const std::string path = root + "/" + doc;
    const std::string text = slurp(path);
    std::string want = text;
    for (const Table& t : kTables) {
      const bool cli = std::string(doc) == "docs/cli.md";
      if (!cli && !has_keywords(t)) continue;  // the command line's alone
      const std::string begin = "<!-- fields: " + std::string(t.name) + (cli ? " cli" : " python");
      want = with_block(want, begin + " -->", cli ? cli_table(t) : python_table(t),
                        "<!-- end fields -->", path);
    }
    if (want == text) continue;
    if (mode == "write") {
      write_if_changed(path, want);
    } else {
      std::cerr << doc << ": the generated tables differ from src/anesim/api/*_fields.def; run "
                << "cmake --build build --target field-docs\n";
      differ = 1;
    }
  }
  return differ;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    const std::vector<std::string> a(argv + 1, argv + argc);
    if (a.size() == 3 && a[0] == "stub") {
      std::string text = slurp(a[1]);
      for (const Table& t : kTables) {
        if (t.result) text = replaced(text, "# fields: " + std::string(t.name), stub_def(t));
      }
      write_if_changed(a[2], text);
      return 0;
    }
    if (a.size() == 3 && a[0] == "docs" && (a[1] == "check" || a[1] == "write")) {
      return docs(a[1], a[2]);
    }
    std::cerr << "usage: field_tables stub TEMPLATE OUT | docs check|write ROOT\n";
  } catch (const std::exception& e) {
    std::cerr << "field_tables: " << e.what() << "\n";
  }
  return 2;
}
