// The anesim binary end to end (each run is its own process, as SystemC
// requires): the main job, the JSON keys, and clear errors with non-zero exit
// codes for bad values.
#include <catch2/catch.hpp>

#include <sys/stat.h>

#include <dirent.h>

#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include <anesim/io/json.h>
#include <sim/ring/ring_variant.h>
#include "test_support.h"

namespace anesim {
namespace {

using test::Outcome;
using test::slurp;

std::string scratch_dir() {
  static const std::string dir = test::fresh_dir("anesim-cli");
  return dir;
}

Outcome run(const std::string& args) { return test::run_anesim(args); }

// Every variable of a VCD by its full name ("fabric.core00.credits_used").
std::set<std::string> vcd_signals(const std::string& vcd) {
  std::set<std::string> names;
  std::vector<std::string> scope;
  std::istringstream in(vcd.substr(0, vcd.find("$enddefinitions")));
  for (std::string word; in >> word;) {
    if (word == "$scope") {
      std::string kind, name;
      in >> kind >> name;
      scope.push_back(name);
    } else if (word == "$upscope") {
      scope.pop_back();
    } else if (word == "$var") {
      std::string kind, width, code, name;
      in >> kind >> width >> code >> name;
      std::string full;
      for (const std::string& s : scope) {
        full += s + ".";
      }
      names.insert(full + name);
    }
  }
  return names;
}

// The signals a GTKWave save file shows, without their bit ranges.
std::vector<std::string> layout_signals(const std::string& gtkw) {
  std::vector<std::string> out;
  std::istringstream in(gtkw);
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || std::string("[*@-^#").find(line[0]) != std::string::npos) {
      continue;
    }
    if (line[0] == '+') {
      line = line.substr(line.find("} ") + 2);  // "+{alias} name"
    }
    out.push_back(line.substr(0, line.find('[')));
  }
  return out;
}

// Files in `dir` whose name contains `part`.
int files_containing(const std::string& dir, const std::string& part) {
  int n = 0;
  if (DIR* d = opendir(dir.c_str())) {
    while (const dirent* e = readdir(d)) {
      n += std::string(e->d_name).find(part) != std::string::npos ? 1 : 0;
    }
    closedir(d);
  }
  return n;
}

TEST_CASE("anesim --variant bug --lines 0x4000 prints the run", "[cli][e2e]") {
  const Outcome o = run("--variant bug --lines 0x4000");
  REQUIRE(o.rc == 0);
  CHECK(o.err.empty());
  CHECK_THAT(o.out, Catch::Contains("variant bug"));
  CHECK_THAT(o.out, Catch::Contains("16384 (0x4000)"));
  CHECK_THAT(o.out, Catch::Contains("k = 1 laps, x = +0 lines"));
  CHECK_THAT(o.out, Catch::Contains("notch            yes"));
  CHECK_THAT(o.out, Catch::Contains("GB/s (all cores' bytes / simulated time)"));
  CHECK_THAT(o.out,
             Catch::Contains(
                 "demand path      262144 lines (100.0 %), stop-and-go with 2 reads in flight"));
  CHECK_THAT(o.out, Catch::Contains("all 262144 lines delivered once"));
}

TEST_CASE("JSON output carries the documented keys", "[cli][e2e]") {
  const Outcome o = run("--variant fix --lines 0x4000 --cores 4 --split 2 --json");
  REQUIRE(o.rc == 0);
  const Json j = Json::parse(o.out);
  CHECK(j.at("variant") == variant_name(RingVariant::kFix));
  CHECK(j.at("cores") == 4);
  CHECK(j.at("lines_per_core") == 16384);
  CHECK(j.at("tasks") == 2);
  for (const char* key : {"time_us", "gbps", "sim_cycles"}) {
    CHECK(j.at(key).is_number());
  }
  CHECK(j.at("lines_prefetched") == 65536);
  CHECK(j.at("lines_demand") == 0);
  CHECK(j.at("lines_lost") == 0);
  CHECK(j.at("notch") == false);
  // The latency breakdown: both paths, the demand path empty here.
  for (const char* path : {"prefetch", "demand"}) {
    const Json& p = j.at("latency").at(path);
    for (const char* key : {"lines", "mean_cycles", "p50_cycles", "p99_cycles"}) {
      CHECK(p.at(key).is_number());
    }
    CHECK(p.at("stages").size() == 6);
  }
  CHECK(j.at("latency").at("prefetch").at("lines") == 65536);
  CHECK(j.at("latency").at("demand").at("lines") == 0);
  CHECK(j.at("latency").at("demand").at("mean_cycles") == 0);
}

TEST_CASE("a layer shape (cin, cout) sizes the transfer like the published shapes", "[cli][e2e]") {
  const Outcome o = run("--cin 2048 --cout 4096 --cores 1 --json");
  REQUIRE(o.rc == 0);
  CHECK(Json::parse(o.out).at("lines_per_core") == 16384);
}

TEST_CASE("explicit task lengths (task-lines): equal ones print what split prints", "[cli][e2e]") {
  const Outcome split = run("--lines 0x4000 --cores 2 --split 2 --json");
  const Outcome tasks = run("--lines 0x4000 --cores 2 --task-lines 8192,8192 --json");
  REQUIRE(split.rc == 0);
  REQUIRE(tasks.rc == 0);
  CHECK(tasks.out == split.out);
  // Unequal chunks as a compiler cuts channels: each its own task, and one
  // that ends on a lap boundary starves while the others stream.
  const Outcome unequal = run("--lines 0x6000 --cores 1 --task-lines 0x4000,0x2000 --json");
  REQUIRE(unequal.rc == 0);
  const Json j = Json::parse(unequal.out);
  CHECK(j.at("tasks") == 2);
  CHECK(j.at("task_lines") == Json::array({0x4000, 0x2000}));
  CHECK(j.at("task_credit") == Json::array({0, 256}));
  CHECK(j.at("lines_demand") == 0x4000);
}

TEST_CASE("bad values get a clear message and exit code 2", "[cli][errors]") {
  struct Case {
    const char* args;
    const char* message;
  };
  for (const Case& c :
       {Case{"--lines 0", "--lines: '0' is too small"},
        Case{"--lines -5", "--lines: '-5' is not a number"},
        Case{"--lines 0x1g", "--lines: '0x1g' is not a number"},
        Case{"--lines 4294967296", "--lines: '4294967296' is too large"},
        Case{"--lines 16 --cores 17", "--cores: '17' is too large (at most 16)"},
        Case{"--lines 16 --cores 0", "--cores: '0' is too small"},
        Case{"--lines 16 --split 17", "--split: '17' is too large (at most 16)"},
        Case{"--lines 16 --variant buggy", "--variant: 'buggy' is not a variant"},
        Case{"", "no transfer size"}, Case{"--lines 16 --bogus", "bogus"},
        Case{"--lines 16 --cin 5 --cout 5", "excludes"},
        Case{"--variant fix --lines 0xffffffff", "more than simulation.max_cycles"}}) {
    INFO(c.args);
    const Outcome o = run(c.args);
    CHECK(o.rc == 2);
    CHECK_THAT(o.err, Catch::Contains(c.message));
    CHECK(o.out.empty());
  }
}

TEST_CASE("a missing or malformed --config exits 3 naming the file", "[cli][errors]") {
  const std::string dir = scratch_dir();
  Outcome o = run("--lines 16 --config " + dir + "/missing.yaml");
  CHECK(o.rc == 3);
  CHECK_THAT(o.err, Catch::Contains(dir + "/missing.yaml: cannot open config file"));

  std::ofstream(dir + "/bad.yaml") << "dram:\n  preset: x\n  clock_mhz: fast\n";
  o = run("--lines 16 --config " + dir + "/bad.yaml");
  CHECK(o.rc == 3);
  CHECK_THAT(o.err, Catch::Contains(dir + "/bad.yaml:3:14: dram.clock_mhz: expected a positive"));

  std::ofstream(dir + "/notyaml.yaml") << "dram: {\n";
  o = run("--lines 16 --config " + dir + "/notyaml.yaml");
  CHECK(o.rc == 3);
  CHECK_THAT(o.err, Catch::Contains("not valid YAML"));
}

TEST_CASE("waveforms land whole, under the requested names only", "[cli][waves]") {
  const std::string dir = scratch_dir();
  const Outcome o = run("--lines 0x4000 --cores 2 --vcd " + dir + "/w.vcd --fst " + dir +
                        "/w.fst --wave-cycles 2000");
  REQUIRE(o.rc == 0);
  const std::string vcd = slurp(dir + "/w.vcd");
  CHECK_THAT(vcd, Catch::Contains("$scope module core00"));
  CHECK_THAT(vcd, Catch::Contains("prefetch_credit_o"));
  CHECK_THAT(vcd, Catch::Contains("ring_rd_ptr_o"));
  // Every signal the shipped GTKWave layout names is in the dump.
  std::istringstream layout(slurp(ANESIM_SOURCE_DIR "/docs/ring_review.gtkw"));
  int named = 0;
  for (std::string line; std::getline(layout, line);) {
    if (line.rfind("core0", 0) != 0) {
      continue;
    }
    const std::string leaf = line.substr(line.rfind('.') + 1);
    const std::string base = leaf.substr(0, leaf.find('['));
    INFO(line);
    CHECK_THAT(vcd, Catch::Contains(" " + base + " "));
    ++named;
  }
  CHECK(named >= 30);
  // The fabric, DRAM and KMem beside the rings, and every signal of both
  // shipped layouts, by full name.
  const std::set<std::string> signals = vcd_signals(vcd);
  for (const char* name :
       {"fabric.core00.credits_used", "fabric.core01.port_busy", "fabric.core00.req_sent",
        "fabric.core00.in_flight", "dram.ch00.queue_depth", "dram.ch07.cmd", "dram.ch00.cmd_bank",
        "dram.ch03.data_busy", "dram.ch00.ingress_depth", "kmem.core00.occupancy",
        "kmem.core01.retire", "kmem.core00.retire_line", "core00.req_valid_o"}) {
    INFO(name);
    CHECK(signals.count(name) == 1);
  }
  for (const char* layout : {"/docs/ring_review.gtkw", "/docs/line_journey.gtkw"}) {
    const std::vector<std::string> shown =
        layout_signals(slurp(ANESIM_SOURCE_DIR + std::string(layout)));
    CHECK(shown.size() >= 20);
    for (const std::string& name : shown) {
      INFO(layout << ": " << name);
      CHECK(signals.count(name) == 1);
    }
  }
  struct stat st {};
  CHECK(stat((dir + "/w.fst").c_str(), &st) == 0);
  CHECK(st.st_size > 0);
  // A directory that does not exist: exit 4, and nothing is written.
  const Outcome bad = run("--lines 16 --vcd " + dir + "/nodir/w.vcd");
  CHECK(bad.rc == 4);
  CHECK_THAT(bad.err, Catch::Contains("nodir/w.vcd: directory"));
}

}  // namespace
}  // namespace anesim

namespace anesim {
namespace {

TEST_CASE("the line log and latency plot land whole, windowed as asked", "[cli][latency]") {
  const std::string dir = test::fresh_dir("anesim-linelog");
  const Outcome o = run("--variant fix --lines 0x100 --cores 2 --json --line-log " + dir +
                        "/lines.csv --plot-latency " + dir + "/latency.svg");
  REQUIRE(o.rc == 0);
  std::istringstream csv(slurp(dir + "/lines.csv"));
  std::string header;
  std::getline(csv, header);
  CHECK(header == "core,line,path,requested,sent,arrived,command,data,delivered,retired");
  size_t rows = 0;
  std::set<std::string> lines;
  for (std::string row; std::getline(csv, row); ++rows) {
    lines.insert(row.substr(0, row.find(',', row.find(',') + 1)));  // core,line
    CHECK_THAT(row, Catch::Contains(",prefetch,"));
  }
  CHECK(rows == 512);
  CHECK(lines.size() == 512);
  CHECK_THAT(slurp(dir + "/latency.svg"), Catch::Contains("<svg"));
  CHECK(files_containing(dir, ".tmp") == 0);

  // A window: only lines requested in it.
  const Outcome w = run("--variant fix --lines 0x100 --cores 1 --line-log " + dir +
                        "/window.csv --log-from 0 --log-cycles 1");
  REQUIRE(w.rc == 0);
  const std::string windowed = slurp(dir + "/window.csv");
  CHECK(std::count(windowed.begin(), windowed.end(), '\n') == 1);  // the header alone

  // Nothing written where the directory is missing, exit 4.
  const Outcome bad = run("--lines 16 --line-log " + dir + "/nodir/lines.csv");
  CHECK(bad.rc == 4);
  CHECK_THAT(bad.err, Catch::Contains("nodir/lines.csv"));
}

TEST_CASE("line log and latency plot options: bad values exit 2", "[cli][errors][latency]") {
  struct Case {
    const char* args;
    const char* message;
  };
  for (const Case& c : {Case{"--lines 16 --log-from 5", "--log-from: no line log requested"},
                        Case{"--lines 16 --log-cycles 5", "--log-cycles: no line log requested"},
                        Case{"--lines 16 --line-log /tmp/anesim-x.csv --log-cycles 0",
                             "--log-cycles: '0' is too small"},
                        Case{"--lines 16 --line-log /tmp/anesim-x.csv --log-from x",
                             "--log-from: 'x' is not a number"},
                        Case{"--lines 16 --plot-latency /tmp/anesim-x.pdf",
                             "--plot-latency: '/tmp/anesim-x.pdf' must end in .svg or .png"}}) {
    INFO(c.args);
    const Outcome o = run(c.args);
    CHECK(o.rc == 2);
    CHECK_THAT(o.err, Catch::Contains(c.message));
    CHECK(o.out.empty());
  }
}

}  // namespace
}  // namespace anesim
