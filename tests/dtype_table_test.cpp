// The weight-format table (src/anesim/model/dtypes.def) is the one list of formats:
// its names, safetensors and MIL types are each unique, the messages list it
// whole, and docs/model-format.md's "Weight formats" table says what it says
// (bits, palette, measured or modelled), a row for every format.
#include <catch2/catch.hpp>

#include <map>
#include <optional>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <anesim/io/text_functions.h>
#include <anesim/model/weight_format.h>

#include "tests/test_support.h"

namespace anesim::test {
namespace {

// The cells of a Markdown table row, trimmed: "| a | b |" -> {"a", "b"}.
std::vector<std::string> cells(const std::string& row) {
  std::vector<std::string> out;
  for (std::string c : split_text(row.substr(1, row.rfind('|') - 1), '|')) {
    while (!c.empty() && c.front() == ' ') c.erase(c.begin());
    while (!c.empty() && c.back() == ' ') c.pop_back();
    out.push_back(c);
  }
  return out;
}

// The rows of the "Weight formats" table of docs/model-format.md.
std::vector<std::vector<std::string>> weight_format_rows() {
  std::istringstream in(slurp(ANESIM_SOURCE_DIR "/docs/model-format.md"));
  std::vector<std::vector<std::string>> rows;
  bool in_section = false, past_rule = false;  // the rows below the header's "|---|"
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("## ", 0) == 0) in_section = line == "## Weight formats";
    if (in_section && past_rule && line.rfind("| `", 0) == 0) rows.push_back(cells(line));
    past_rule = past_rule || (in_section && line.rfind("|---", 0) == 0);
  }
  return rows;
}

std::vector<std::string> backticked(const std::string& text) {
  static const std::regex name("`([a-z0-9_]+)`");
  std::vector<std::string> out;
  for (std::sregex_iterator it(text.begin(), text.end(), name), end; it != end; ++it) {
    out.push_back((*it)[1]);
  }
  return out;
}

}  // namespace

TEST_CASE("every format has its own name, safetensors and MIL type", "[format]") {
  std::set<std::string> names;
  for (const Dtype d : all_dtypes()) {
    INFO(dtype_name(d));
    CHECK(names.insert(dtype_name(d)).second);
    CHECK(dtype_named(dtype_name(d)) == d);
    CHECK(dtype_bits(d) > 0);
    CHECK((palette_entries(d) == 0 || lut_of_bits(dtype_bits(d)) == d));
  }
  CHECK(dtype_of_safetensors("F16") == Dtype::kFp16);
  CHECK(dtype_of_safetensors("F8_E4M3") == Dtype::kFp8E4m3);
  CHECK_FALSE(dtype_of_safetensors("F32"));  // norms and routers: left out
  CHECK(dtype_of_mil("uint4") == Dtype::kInt4);
  CHECK(dtype_of_mil("fp8e4m3fn") == Dtype::kFp8E4m3);
  CHECK_FALSE(dtype_of_mil("uint6"));  // a palette's indices, not a dense weight
  CHECK(safetensors_dtype_list() == "F16, BF16, I8, U8, F8_E4M3 or F8_E5M2");
  CHECK(palette_bits_list() == "1, 2, 3, 4, 6 and 8");
  std::string listed;
  for (const Dtype d : all_dtypes())
    listed += (listed.empty() ? "" : ", ") + std::string(dtype_name(d));
  CHECK(dtype_list() == listed);
}

TEST_CASE("docs/model-format.md's table of weight formats is the format table", "[format][docs]") {
  std::map<std::string, int> rows_of;
  for (const std::vector<std::string>& row : weight_format_rows()) {
    INFO("| " << row[0] << " |");
    REQUIRE(row.size() == 4);
    const std::vector<std::string> names = backticked(row[0]);
    const std::vector<std::string> bits = split_text(row[1], ',');
    REQUIRE((bits.size() == 1 || bits.size() == names.size()));
    for (size_t k = 0; k < names.size(); ++k) {
      INFO(names[k]);
      const std::optional<Dtype> d = dtype_named(names[k]);
      REQUIRE(d);
      ++rows_of[names[k]];
      CHECK(std::stoul(bits[bits.size() == 1 ? 0 : k]) == dtype_bits(*d));
      // "none ..." or "16 fp16 entries per 8 output channels" (2^bits for several).
      const std::string per_group =
          " fp16 entries per " + std::to_string(kPaletteGroupChannels) + " output channels";
      if (palette_entries(*d) == 0) {
        CHECK(row[2].rfind("none", 0) == 0);
      } else {
        CHECK((row[2] == std::to_string(palette_entries(*d)) + per_group ||
               row[2] == "2^bits" + per_group));
      }
      // "measured", "modelled", or "measured (NAME)": that one measured.
      const bool measured = row[3] == "measured" || row[3] == "measured (" + names[k] + ")";
      CHECK(measured == dtype_measured(*d));
    }
  }
  for (const Dtype d : all_dtypes()) {
    INFO(dtype_name(d) << " is in " << rows_of[dtype_name(d)] << " rows of the table");
    CHECK(rows_of[dtype_name(d)] == 1);
  }
}

}  // namespace anesim::test
