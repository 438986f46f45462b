// Writes what the request field tables (src/anesim/api/*_fields.def) and
// the result key tables (the *_keys.def beside the code building each dict)
// give the stubs and the documents: Python's signatures and result
// TypedDicts in anesim.pyi, and the option, keyword and key tables between
// the marks of docs/cli.md and docs/python.md.
//   field_tables stub TEMPLATE OUT     the stubs, from src/anesim/python/anesim.pyi.template
//   field_tables docs check|write ROOT the documents' tables (check: exit 1
//                                      naming the block that differs)
// Built from the tables alone (no library), so it runs before anything else.
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "scripts/field_tables.h"

namespace {

using namespace field_tables;

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
    for (size_t i = 0; i < kTableCount; ++i) {
      const Table& t = kTables[i];
      const bool cli = std::string(doc) == "docs/cli.md";
      if (!cli && !has_keywords(t)) continue;  // the command line's alone
      const std::string begin = "<!-- fields: " + std::string(t.name) + (cli ? " cli" : " python");
      want = with_block(want, begin + " -->", cli ? cli_table(t) : python_table(t),
                        "<!-- end fields -->", path);
    }
    if (std::string(doc) == "docs/python.md") {
      for (size_t i = 0; i < kResultCount; ++i) {
        const Result& r = kResults[i];
        want = with_block(want, "<!-- result: " + std::string(r.name) + " -->", result_table(r),
                          "<!-- end result -->", path);
      }
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
      for (size_t i = 0; i < kTableCount; ++i) {
        const Table& t = kTables[i];
        if (t.result) text = replaced(text, "# fields: " + std::string(t.name), stub_def(t));
      }
      for (size_t i = 0; i < kResultCount; ++i) {
        const Result& r = kResults[i];
        // The whole line: a name may begin another's (Calibration, CalibrationCurve).
        text = replaced(text, "# result: " + std::string(r.name) + "\n", result_class(r) + "\n");
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
