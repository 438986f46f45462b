// End to end through the anesim binary: an interrupted run leaves no file
// behind, and the same inputs give the same bytes. Runs the binary as a
// child process, without a shell so arguments reach it verbatim.
#include <catch2/catch.hpp>

#include <fcntl.h>

#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <chrono>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "test_support.h"

namespace anesim {
namespace {

namespace fs = std::filesystem;

using test::fresh_dir;
using test::Outcome;
using test::slurp;
using test::spawn_anesim;

Outcome run(const std::vector<std::string>& args) { return test::run_anesim(args); }

std::vector<std::string> files_in(const std::string& dir) {
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(dir)) {
    names.push_back(e.path().filename().string());
  }
  return names;
}

// Whether `pid` is writing a dump of over 100 kB in `dir`: a named file
// there, or a nameless one (O_TMPFILE) open in it, seen through /proc.
bool dump_growing(pid_t pid, const std::string& dir) {
  for (const std::string& name : files_in(dir)) {
    struct stat st {};
    if (stat((dir + "/" + name).c_str(), &st) == 0 && st.st_size > 100000) return true;
  }
  std::error_code ec;
  const std::string fds = "/proc/" + std::to_string(pid) + "/fd";
  for (fs::directory_iterator it(fds, ec), end; !ec && it != end; it.increment(ec)) {
    std::error_code link_ec;
    const std::string target = fs::read_symlink(it->path(), link_ec).string();
    struct stat st {};
    if (!link_ec && target.rfind(dir + "/", 0) == 0 && stat(it->path().c_str(), &st) == 0 &&
        st.st_size > 100000) {
      return true;
    }
  }
  return false;
}

// Starts a long run writing a waveform, waits until the temporary dump is
// growing, interrupts it, and checks that nothing is left.
void interrupt_while_writing(const std::string& option, int sig) {
  const std::string dir = fresh_dir();
  const std::string out_dir = fresh_dir();
  const std::string target = dir + "/w" + (option == "--vcd" ? ".vcd" : ".fst");
  const pid_t pid =
      spawn_anesim({"--lines", "0x40000", option, target, "--wave-cycles", "10000000"},
                   out_dir + "/out", out_dir + "/err");
  bool writing = false;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (!writing && std::chrono::steady_clock::now() < deadline) {
    writing = dump_growing(pid, dir);
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  CHECK(writing);
  kill(pid, sig);
  int status = 0;
  waitpid(pid, &status, 0);
  INFO(slurp(out_dir + "/err"));
  if (sig == SIGKILL) {
    CHECK(WIFSIGNALED(status));  // no handler runs: the dump must have had no name
  } else {
    CHECK(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 128 + sig);
  }
  const std::vector<std::string> left = files_in(dir);
  for (const std::string& name : left) {
    INFO("left behind: " << name);
  }
  CHECK(left.empty());
}

TEST_CASE("an interrupted run leaves no output and no temporary", "[cli][waves][robust]") {
  SECTION("SIGINT, VCD") { interrupt_while_writing("--vcd", SIGINT); }
  SECTION("SIGTERM, FST") { interrupt_while_writing("--fst", SIGTERM); }
  SECTION("SIGUSR1, VCD") { interrupt_while_writing("--vcd", SIGUSR1); }
  SECTION("SIGKILL, VCD: the dump has no name until it is complete") {
    // Only where the file system has nameless files (O_TMPFILE); elsewhere
    // the named temporary is removed by the signal handlers above.
    const std::string probe_dir = fresh_dir();
    const int probe = open(probe_dir.c_str(), O_TMPFILE | O_WRONLY, 0644);
    if (probe >= 0) {
      close(probe);
      interrupt_while_writing("--vcd", SIGKILL);
    } else {
      WARN("no O_TMPFILE under " << probe_dir << ": the SIGKILL case is not checked");
    }
  }
}

TEST_CASE("same inputs, same bytes: JSON and VCD", "[cli][determinism][robust]") {
  const std::string a = fresh_dir(), b = fresh_dir();
  const std::vector<std::string> common = {
      "--variant", "bug",         "--lines", "0x4100", "--cores",       "3",   "--split",
      "2",         "--base-line", "12345",   "--json", "--wave-cycles", "3000"};
  std::vector<std::string> args_a = common, args_b = common;
  args_a.insert(args_a.end(), {"--vcd", a + "/w.vcd"});
  args_b.insert(args_b.end(), {"--vcd", b + "/w.vcd"});
  const Outcome oa = run(args_a);
  const Outcome ob = run(args_b);
  REQUIRE(oa.rc == 0);
  REQUIRE(ob.rc == 0);
  CHECK(oa.out == ob.out);
  const std::string va = slurp(a + "/w.vcd"), vb = slurp(b + "/w.vcd");
  CHECK(va.size() > 10000);
  // Verilator 5 writes no $date: the whole file, header included, repeats.
  CHECK_THAT(va, !Catch::Contains("$date"));
  CHECK(va == vb);
}

TEST_CASE("same inputs, same bytes: sweep CSV, also with parallel jobs",
          "[cli][determinism][robust]") {
  const std::string a = fresh_dir(), b = fresh_dir();
  const Outcome oa = run(
      {"sweep", "--lines-range", "16:400:64", "--cores", "2", "-j", "1", "--csv", a + "/s.csv"});
  const Outcome ob = run(
      {"sweep", "--lines-range", "16:400:64", "--cores", "2", "-j", "2", "--csv", b + "/s.csv"});
  REQUIRE(oa.rc == 0);
  REQUIRE(ob.rc == 0);
  const std::string ca = slurp(a + "/s.csv");
  CHECK(ca.size() > 100);
  CHECK(ca == slurp(b + "/s.csv"));
}

}  // namespace
}  // namespace anesim
