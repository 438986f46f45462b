// Every file a request reads is an input, not only those it names: a
// description's bases, its timing table, the chip registry, a model's
// config.json and shards, the result cache. None is ever overwritten, and
// each is read by the same strict readers with the same limits.
#include <catch2/catch.hpp>

#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <anesim/cli/exit_codes.h>

#include "tests/test_support.h"

namespace anesim {
namespace {

namespace fs = std::filesystem;
using test::fresh_dir;
using test::run_anesim;
using test::slurp;

const std::string kSource = ANESIM_SOURCE_DIR;

// A folder with base.yaml (the M4's description) and ov.yaml over it.
std::string overlay_folder() {
  const std::string dir = fresh_dir("anesim-inputs");
  std::ofstream(dir + "/base.yaml") << slurp(kSource + "/configs/chips/m4.yaml");
  std::ofstream(dir + "/ov.yaml") << "base: base.yaml\n";
  return dir;
}

// `binary` run with `args` in the folder `cwd`, its stderr returned.
test::Outcome run_in(const std::string& cwd, const std::string& binary,
                     const std::vector<std::string>& args) {
  const std::string dir = fresh_dir("anesim-run-in");
  const pid_t pid = fork();
  if (pid == 0) {
    if (chdir(cwd.c_str()) != 0) _exit(126);
    std::vector<std::string> copy = args;
    std::vector<char*> argv{const_cast<char*>(binary.c_str())};
    for (std::string& a : copy) argv.push_back(a.data());
    argv.push_back(nullptr);
    if (!freopen((dir + "/out").c_str(), "w", stdout) ||
        !freopen((dir + "/err").c_str(), "w", stderr)) {
      _exit(126);
    }
    unsetenv("ANESIM_DATA_DIR");
    execv(argv[0], argv.data());
    _exit(127);
  }
  test::Outcome o;
  o.rc = test::wait_status(pid);
  o.out = slurp(dir + "/out");
  o.err = slurp(dir + "/err");
  return o;
}

}  // namespace

TEST_CASE("inputs: no output replaces a file the request reads without naming it",
          "[robust][outputs][inputs]") {
  const std::string dir = overlay_folder();
  const std::string ov = dir + "/ov.yaml", base = dir + "/base.yaml";
  const std::string table = dir + "/ov.table.json";
  std::ofstream(table) << "{}";
  // A safetensors index and the shard it names.
  std::ofstream(dir + "/config.json")
      << slurp(kSource + "/tests/fixtures/hf/Llama-3.2-1B/config.json");
  std::ofstream(dir + "/model.safetensors.index.json")
      << R"({"weight_map": {"lm_head.weight": "model-00001-of-00001.safetensors"}})";
  const std::string shard = dir + "/model-00001-of-00001.safetensors";
  std::ofstream(shard) << "shard bytes";
  const std::string base_text = slurp(base), shard_text = slurp(shard);
  struct Case {
    std::vector<std::string> args;
    std::string message;
  };
  const std::vector<Case> cases = {
      {{"--config", ov, "--lines", "16", "--line-log", base}, "the base of --config"},
      {{"--config", ov, "--lines", "16", "--line-log", table}, "the timing table of --config"},
      {{"sweep", "--config", ov, "--lines-range", "16:32:16", "--csv", base}, "the base of"},
      {{"advise", "--config", ov, "--cin", "64", "--cout", "64", "--csv", base}, "the base of"},
      {{"advise", "--model", dir + "/model.safetensors.index.json", "--csv", shard},
       "a shard of --model"},
      {{"advise", "--model", dir + "/model.safetensors.index.json", "--csv", dir + "/config.json"},
       "the config.json beside --model"},
      // Checked before the simulation, not after it.
      {{"characterize", "--config", ov, "--out", base}, "the base of --config"},
      {{"characterize", "--config", ov, "--out", ov}, "the input --config"},
  };
  for (const Case& c : cases) {
    INFO(c.args.back());
    const test::Outcome o = run_anesim(c.args);
    CHECK(o.rc == kExitUsage);
    CHECK_THAT(o.err, Catch::Contains(c.message) && Catch::Contains("refusing to overwrite"));
  }
  CHECK(slurp(base) == base_text);
  CHECK(slurp(shard) == shard_text);
  CHECK(slurp(table) == "{}");
}

TEST_CASE("inputs: an output inside the result cache is refused", "[robust][outputs][inputs]") {
  const std::string dir = fresh_dir("anesim-cache-out");
  REQUIRE(setenv("XDG_CACHE_HOME", dir.c_str(), 1) == 0);
  fs::create_directories(dir + "/anesim/0000000000000001-0000000000000001");
  const test::Outcome o =
      run_anesim({"advise", "--cin", "64", "--cout", "64", "--csv",
                  dir + "/anesim/0000000000000001-0000000000000001/0000000000000001.json"});
  unsetenv("XDG_CACHE_HOME");
  CHECK(o.rc == kExitUsage);
  CHECK_THAT(o.err, Catch::Contains("inside the result cache"));
}

TEST_CASE("inputs: bases go through the strict reader, in a bounded chain",
          "[robust][config][inputs]") {
  const std::string dir = fresh_dir("anesim-bases");
  std::ofstream(dir + "/m4.yaml") << slurp(kSource + "/configs/chips/m4.yaml");
  // A chain of 9 bases over the M4: one more than the bound.
  std::string below = "m4.yaml";
  for (int i = 1; i <= 9; ++i) {
    std::ofstream(dir + "/c" + std::to_string(i) + ".yaml") << "base: " << below << "\n";
    below = "c" + std::to_string(i) + ".yaml";
  }
  test::Outcome o = run_anesim({"--config", dir + "/c8.yaml", "--lines", "16"});
  CHECK(o.rc == kExitOk);
  o = run_anesim({"--config", dir + "/c9.yaml", "--lines", "16"});
  CHECK(o.rc == kExitConfig);
  CHECK_THAT(o.err, Catch::Contains("a chain of bases is at most 8 long"));
  // 3,000 deep: refused at the bound, without reading the rest or crashing.
  for (int i = 10; i <= 3000; ++i) {
    std::ofstream(dir + "/c" + std::to_string(i) + ".yaml")
        << "base: c" << std::to_string(i - 1) << ".yaml\n";
  }
  o = run_anesim({"--config", dir + "/c3000.yaml", "--lines", "16"});
  CHECK(o.rc == kExitConfig);
  CHECK_THAT(o.err, Catch::Contains("at most 8 long"));
  // A NUL byte, an empty file and UTF-16 in a base name the base's own file.
  std::ofstream(dir + "/nul.yaml") << std::string("dram:\n  preset: a\0b\n", 19);
  std::ofstream(dir + "/empty.yaml") << "";
  std::ofstream(dir + "/wide.yaml") << std::string(
      "\xff\xfe"
      "d\0r\0a\0m\0",
      10);
  // A FIFO found as a base is refused, not waited on.
  REQUIRE(mkfifo((dir + "/fifo.yaml").c_str(), 0644) == 0);
  for (const std::string b : {"nul.yaml", "empty.yaml", "wide.yaml", "fifo.yaml"}) {
    INFO(b);
    std::ofstream(dir + "/over.yaml") << "base: " << b << "\n";
    o = run_anesim({"--config", dir + "/over.yaml", "--lines", "16"});
    CHECK(o.rc == kExitConfig);
    CHECK_THAT(o.err, Catch::Contains(dir + "/" + b));
    CHECK_THAT(o.err, !Catch::Contains("top level: missing section"));
  }
}

TEST_CASE("inputs: values and files refused with what they are", "[robust][messages][inputs]") {
  const std::string dir = fresh_dir("anesim-refused");
  test::Outcome o = run_anesim({"advise", "--cin", "64", "--cout", "64", "--dtype", ""});
  CHECK(o.rc == kExitUsage);
  CHECK_THAT(o.err, Catch::Contains("'' is not a dtype"));
  o = run_anesim({"advise", "--chip", "m3", "--chip", "m4", "--cin", "64", "--cout", "64"});
  CHECK(o.rc == kExitUsage);
  CHECK_THAT(o.err, Catch::Contains("--chip: given 2 times; give it once"));
  // A text_config is Gemma 3's; under llama it would be ignored.
  std::ofstream(dir + "/config.json")
      << R"({"model_type": "llama", "text_config": {"hidden_size": 4096}})";
  o = run_anesim({"advise", "--model", dir + "/config.json"});
  CHECK(o.rc != kExitOk);
  CHECK_THAT(o.err, Catch::Contains("text_config") && Catch::Contains("only for gemma3"));
  // A FIFO named by an index is refused, not waited on.
  std::ofstream(dir + "/config.json")
      << slurp(kSource + "/tests/fixtures/hf/Llama-3.2-1B/config.json");
  std::ofstream(dir + "/model.safetensors.index.json")
      << R"({"weight_map": {"lm_head.weight": "fifo.safetensors"}})";
  REQUIRE(mkfifo((dir + "/fifo.safetensors").c_str(), 0644) == 0);
  o = run_anesim({"advise", "--model", dir + "/model.safetensors.index.json"});
  CHECK(o.rc != kExitOk);
  CHECK_THAT(o.err, Catch::Contains("not a regular file"));
  // An empty weight_map, and a 10,000-digit shard name cut.
  std::ofstream(dir + "/model.safetensors.index.json") << R"({"weight_map": {}})";
  o = run_anesim({"advise", "--model", dir + "/model.safetensors.index.json"});
  CHECK_THAT(o.err, Catch::Contains("weight_map: empty"));
  std::ofstream(dir + "/model.safetensors.index.json")
      << R"({"weight_map": {"a": ")" << std::string(10000, '9') << R"("}})";
  o = run_anesim({"advise", "--model", dir + "/model.safetensors.index.json"});
  CHECK(o.rc != kExitOk);
  CHECK(o.err.size() < 1000);
  // A file where a folder is meant.
  std::ofstream(dir + "/img") << "x";
  o = run_anesim({"--lines", "16", "--plot-latency", dir + "/img/x.svg"});
  CHECK_THAT(o.err, Catch::Contains("is a file, not a directory"));
  // A run's limit is not fitted (it blamed the trace and a deleted temporary).
  o = run_anesim({"calibrate", kSource + "/traces/m3-air/m3-air-published-split.csv", "--free",
                  "simulation.max_cycles=1000:2000", "--out", dir + "/fit.yaml"});
  CHECK(o.rc == kExitUsage);
  CHECK_THAT(o.err, Catch::Contains("a limit of the simulation") && !Catch::Contains("candidate"));
  o = run_anesim({"sweep", "--x-range", "-2:2:1", "--plot", dir + "/s.pdf"});
  CHECK(o.rc == kExitUsage);
  CHECK_THAT(o.err, Catch::Contains("--plot: '" + dir + "/s.pdf' must end in .png or .svg"));
}

TEST_CASE("inputs: names reach the terminal escaped", "[robust][messages][inputs]") {
  const std::string dir = fresh_dir("anesim-escape");
  const std::string odd = dir + "/a\x1b[31mred\nline";
  fs::create_directories(odd);
  std::ofstream(odd + "/config.json")
      << slurp(kSource + "/tests/fixtures/hf/Llama-3.2-1B/config.json");
  const test::Outcome o = run_anesim({"advise", "--model", odd + "/config.json"});
  REQUIRE(o.rc == kExitOk);
  CHECK(o.out.find('\x1b') == std::string::npos);
  CHECK_THAT(o.out, Catch::Contains("a\\x1b[31mred\\x0aline"));
  // Bytes that are not UTF-8 in a path: escaped in JSON too, not an exception.
  const std::string latin = dir + "/caf\xe9";
  fs::create_directories(latin);
  std::ofstream(latin + "/config.json")
      << slurp(kSource + "/tests/fixtures/hf/Llama-3.2-1B/config.json");
  const test::Outcome j = run_anesim({"decode", "--model", latin + "/config.json", "--json"});
  CHECK(j.rc == kExitOk);
  CHECK_THAT(j.out, Catch::Contains("caf\\\\xe9"));
}

TEST_CASE("inputs: a binary copied elsewhere never reads data under the current folder",
          "[robust][inputs]") {
  const std::string dir = fresh_dir("anesim-copied");
  fs::copy_file(ANESIM_BINARY, dir + "/anesim");
  // A registry planted where the old lookup would find it.
  fs::create_directories(dir + "/share/anesim/configs/chips");
  std::ofstream(dir + "/share/anesim/configs/chips/registry.yaml")
      << "chips:\n  - {name: planted, file: ../../../../etc/passwd}\n";
  const test::Outcome o = run_in(dir, dir + "/anesim", {"chips"});
  CHECK_THAT(o.out + o.err, !Catch::Contains("planted"));
  CHECK_THAT(o.out + o.err, !Catch::Contains("passwd"));
}

TEST_CASE("inputs: an overlay with a relative base is calibrated and written elsewhere",
          "[robust][calibrate][inputs]") {
  const std::string dir = fresh_dir("anesim-cal-base");
  fs::create_directories(dir + "/sub");
  std::ofstream(dir + "/base.yaml") << slurp(kSource + "/configs/chips/m3-air.yaml");
  std::ofstream(dir + "/sub/ov.yaml") << "base: ../base.yaml\nfabric:\n  request_latency: 30\n";
  const test::Outcome o =
      run_anesim({"calibrate", kSource + "/traces/m3-air/m3-air-published-split.csv", "--config",
                  dir + "/sub/ov.yaml", "--free", "fabric.request_latency=20:40", "--max-evals",
                  "3", "--out", dir + "/fit.yaml"});
  INFO(o.err);
  REQUIRE(o.rc == kExitOk);
  // Written to another folder, the fitted overlay still finds its base.
  CHECK(run_anesim({"--config", dir + "/fit.yaml", "--lines", "16"}).rc == kExitOk);
}

TEST_CASE("inputs: an error is blamed on what the file wrote", "[robust][messages][inputs]") {
  const std::string dir = fresh_dir("anesim-blame");
  // A clock 100 times slower scales the inherited port below 1 cycle.
  std::ofstream(dir + "/slow.yaml") << "base: m4\ndram:\n  clock_mhz: 10\n";
  test::Outcome o = run_anesim({"--config", dir + "/slow.yaml", "--lines", "16"});
  CHECK(o.rc == kExitConfig);
  CHECK_THAT(o.err, Catch::Contains(dir + "/slow.yaml:3:") &&
                        Catch::Contains("dram.clock_mhz: 10 MHz") &&
                        Catch::Contains("fabric.port_cycles_per_line"));
  // A config.json whose projection no transfer can hold names the file and key.
  std::ofstream(dir + "/config.json")
      << R"({"model_type": "llama", "hidden_size": 4194304, "intermediate_size": 4194304,)"
      << R"( "num_hidden_layers": 1, "num_attention_heads": 4, "vocab_size": 1000})";
  o = run_anesim({"advise", "--model", dir + "/config.json", "--exact"});
  CHECK(o.rc != kExitOk);
  CHECK_THAT(o.err, Catch::Contains(dir + "/config.json:") &&
                        Catch::Contains("intermediate_size") && Catch::Contains("2^32-1"));
}

}  // namespace anesim
