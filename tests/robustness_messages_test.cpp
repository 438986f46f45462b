// Messages are clean and inputs carry their integrity : one
// escaping function (printable) for every user string in messages,
// summaries and JSON; non-UTF-8 paths work end to end; limits are checked
// where the input is read; calibrate frees numeric keys only; duplicate
// axis values, records repeated across trace files and edited part rows
// are refused; a trace's byte order mark is accepted.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include <anesim/analysis/trace/trace_format.h>
#include <anesim/cli/exit_codes.h>
#include <anesim/io/text_functions.h>
#include <anesim/model/model_description.h>
#include "tests/robustness_support.h"

namespace anesim {
namespace {

namespace fs = std::filesystem;
using test::fresh_dir;
using test::run_anesim;
using test::slurp;

const std::string kTrace = ANESIM_SOURCE_DIR "/traces/m3-air/m3-air-published-split.csv";

TEST_CASE("printable escapes controls and invalid UTF-8, keeps UTF-8, is idempotent",
          "[robust][messages]") {
  CHECK(printable(std::string("a\0b", 3)) == "a\\x00b");
  CHECK(printable("\x1b[31mred") == "\\x1b[31mred");
  CHECK(printable("caf\xc3\xa9") == "caf\xc3\xa9");            // valid UTF-8 stays
  CHECK(printable("\xff\xfe") == "\\xff\\xfe");                // not UTF-8
  CHECK(printable("\xc3") == "\\xc3");                         // cut sequence
  CHECK(printable("\xe0\x80\xaf") == "\\xe0\\x80\\xaf");       // overlong
  CHECK(printable("\xed\xa0\x80") == "\\xed\\xa0\\x80");       // surrogate
  CHECK(printable("\xc2\x85") == "\\xc2\\x85");                // C1 control (NEL)
  CHECK(printable("\xf0\x9f\x98\x80") == "\xf0\x9f\x98\x80");  // outside the BMP
  CHECK(printable("line\nnext\r\t\x7f") == "line\\x0anext\\x0d\\x09\\x7f");
  for (const std::string& s : {std::string("a\0\xff\x1b", 4), std::string("\\x00 \xc3\xa9")}) {
    CHECK(printable(printable(s)) == printable(s));
  }
  CHECK(printable(std::string(300, 'x')).size() == 203);  // cut, with "..."
  CHECK(printable_whole(std::string(300, 'x')).size() == 300);
  // JSON: every string through it, so the writer never throws.
  Json j;
  j["path"] = std::string("bad\xff.yaml");
  j[std::string("k\x01")] = "v";
  CHECK(json_text(j) == "{\"path\":\"bad\\\\xff.yaml\",\"k\\\\x01\":\"v\"}");
}

TEST_CASE("a NUL or an escape in a config string neither cuts nor colours the summary",
          "[robust][messages]") {
  const std::string dir = fresh_dir();
  std::ofstream(dir + "/nul.yaml")
      << test::shipped_with("preset: LPDDR5-6400", "preset: \"LPDDR5\\x00X\\e[31m\"");
  const test::Outcome o = run_anesim({"--config", dir + "/nul.yaml", "--lines", "16"});
  CHECK(o.rc == kExitOk);
  CHECK_THAT(o.out, Catch::Contains("LPDDR5\\x00X\\x1b[31m"));
  CHECK_THAT(o.out, Catch::Contains("scoreboard"));  // the summary runs to its end
  CHECK(o.out.find('\0') == std::string::npos);
  CHECK(o.out.find('\x1b') == std::string::npos);
  const test::Outcome j = run_anesim({"--config", dir + "/nul.yaml", "--lines", "16", "--json"});
  CHECK(j.rc == kExitOk);
  CHECK(Json::parse(j.out)["config"].get<std::string>() == dir + "/nul.yaml");
}

TEST_CASE("a config path that is not UTF-8 works in every command that reads children",
          "[robust][messages]") {
  const std::string dir = fresh_dir();
  const std::string cfg = dir + "/m\xff\xfe.yaml";
  std::ofstream(cfg) << test::shipped_yaml();
  const test::Outcome run = run_anesim({"--config", cfg, "--lines", "16", "--json"});
  CHECK(run.rc == kExitOk);
  CHECK(Json::parse(run.out)["config"].get<std::string>() == dir + "/m\\xff\\xfe.yaml");
  for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
           {"sweep", "--config", cfg, "--lines-range", "16:32:16", "--cores", "1"},
           {"replay", kTrace, "--config", cfg},
           {"advise", "--cin", "64", "--cout", "64", "--config", cfg}}) {
    const test::Outcome o = run_anesim(args);
    INFO(args[0] << ": " << o.err);
    CHECK(o.rc == kExitOk);
    CHECK_THAT(o.err, !Catch::Contains("json.exception"));
  }
}

TEST_CASE("calibrate frees numeric keys only and says why a fit cannot run", "[robust][messages]") {
  const test::Outcome text =
      run_anesim({"calibrate", kTrace, "--free", "dram.preset=1:2", "--out", fresh_dir() + "/o"});
  CHECK(text.rc == kExitUsage);
  CHECK_THAT(text.err, Catch::Contains("dram.preset is 'LPDDR5-6400', not a number"));
  const test::Outcome channels = run_anesim(
      {"calibrate", kTrace, "--free", "dram.channels=1:64", "--out", fresh_dir() + "/o"});
  CHECK(channels.rc == kExitUsage);
  CHECK_THAT(channels.err, Catch::Contains("the fit would try dram.channels = "));
  CHECK_THAT(channels.err, !Catch::Contains("nlopt failure"));
  const test::Outcome flag = run_anesim(
      {"calibrate", kTrace, "--free", "dram.close_page=0:1", "--out", fresh_dir() + "/o"});
  CHECK(flag.rc == kExitUsage);
  CHECK_THAT(flag.err, Catch::Contains("not a number"));
}

TEST_CASE("duplicate axis values are refused", "[robust][messages]") {
  for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
           {"sweep", "--x-range", "-16:16:16", "--laps", "1,1"},
           {"sweep", "--x-range", "-16:16:16", "--laps", "1,2,1"},
           {"sweep", "--lines-range", "16:32:16", "--variants", "fix,fix"},
           {"sweep", "--lines-range", "16:32:16", "--variants", "bug,fix,bug"}}) {
    const test::Outcome o = run_anesim(args);
    CHECK(o.rc == kExitUsage);
    CHECK_THAT(o.err, Catch::Contains("is listed twice"));
  }
}

TEST_CASE("traces: a BOM is accepted, a record repeated across files is refused",
          "[robust][messages]") {
  const std::string text = slurp(kTrace);
  const Trace plain = parse_trace(text, "t.csv");
  const Trace bom = parse_trace("\xEF\xBB\xBF" + text, "bom.csv");
  CHECK(bom.records.size() == plain.records.size());

  const std::string dir = fresh_dir();
  fs::copy_file(kTrace, dir + "/a.csv");
  fs::copy_file(kTrace, dir + "/b.csv");
  for (const char* command : {"replay", "calibrate"}) {
    std::vector<std::string> args = {command, dir + "/a.csv", dir + "/b.csv"};
    if (command[0] == 'c') {
      args.insert(args.end(), {"--free", "fabric.request_latency=1:20", "--out", dir + "/o"});
    }
    const test::Outcome o = run_anesim(args);
    INFO(command);
    CHECK(o.rc == kExitInput);
    CHECK_THAT(o.err, Catch::Contains(dir + "/b.csv:"));
    CHECK_THAT(o.err, Catch::Contains("duplicate record"));
    CHECK_THAT(o.err, Catch::Contains("is already in " + dir + "/a.csv:"));
  }
  // A record too long for the machine is refused where it is read.
  std::string big = text;
  const size_t row = big.find("\n", big.find("\ncurve,") + 1) + 1;
  const size_t comma = big.find(',', big.find(',', row) + 1);  // after curve and cores
  big.replace(comma + 1, big.find(',', comma + 1) - comma - 1, "4294967295");
  std::ofstream(dir + "/big.csv") << big;
  const test::Outcome o = run_anesim({"replay", dir + "/big.csv"});
  INFO(o.err);
  CHECK(o.rc == kExitInput);
  CHECK_THAT(o.err, Catch::Contains(dir + "/big.csv:"));
  CHECK_THAT(o.err, Catch::Contains("lines_per_core: 4294967295 lines per core need"));
}

TEST_CASE("a model shape too large for a 32-bit line count is refused where it is read",
          "[robust][messages]") {
  const std::string text = test::replace_once(
      slurp(ANESIM_SOURCE_DIR "/configs/models/deephermes-3-3b.yaml"),
      "{name: q_proj, cin: 3072, cout: 3072}", "{name: q_proj, cin: 4294967295, cout: 3072}");
  std::string why;
  try {
    parse_model_description(text, "m.yaml");
  } catch (const ModelFileError& e) {
    why = e.what();
  }
  INFO(why);
  CHECK_THAT(why, Catch::StartsWith("m.yaml:29:"));
  CHECK_THAT(why, Catch::Contains("cout: cin 4294967295 x cout 3072 needs more than 2^32-1 lines"));
}

TEST_CASE("merge refuses a part whose rows were edited", "[robust][messages]") {
  const std::string dir = fresh_dir();
  for (const char* shard : {"1/2", "2/2"}) {
    REQUIRE(run_anesim({"sweep", "--lines-range", "16:64:16", "--cores", "1", "--shard", shard,
                        "--csv", dir + "/p" + shard[0] + ".csv"})
                .rc == kExitOk);
  }
  CHECK(run_anesim({"merge", dir + "/p1.csv", dir + "/p2.csv"}).rc == kExitOk);
  std::string part = slurp(dir + "/p2.csv");
  CHECK_THAT(part, Catch::Contains("\n# rows_fnv1a: "));
  // One digit of one row value changed.
  const size_t rows = part.find('\n', part.find("\npoint,") + 1) + 1;
  const size_t digit = part.find_first_of("123456789", part.find(',', rows + 2));
  part[digit] = part[digit] == '9' ? '8' : static_cast<char>(part[digit] + 1);
  std::ofstream(dir + "/p2.csv") << part;
  const test::Outcome o = run_anesim({"merge", dir + "/p1.csv", dir + "/p2.csv"});
  CHECK(o.rc == kExitInput);
  CHECK_THAT(o.err, Catch::Contains(dir + "/p2.csv:"));
  CHECK_THAT(o.err, Catch::Contains("the rows do not match their checksum"));
}

}  // namespace
}  // namespace anesim
