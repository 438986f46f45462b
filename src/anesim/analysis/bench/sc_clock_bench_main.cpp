// anesim_sc_clock_bench: the SystemC reference of `anesim bench`, in a
// process of its own (SystemC elaborates once per process; the bench has
// already run the testbench). Not a user command: `anesim bench` runs it as
//   anesim_sc_clock_bench VARIANT CORES START_LINE LINES CYCLES
// and reads one JSON object from its stdout (src/anesim/analysis/bench/sc_clock_rings.h).
#include <systemc>

#include <cstdio>
#include <cstdlib>
#include <string>

#include <anesim/analysis/bench/sc_clock_rings.h>
#include <anesim/io/count_text.h>
#include <anesim/io/json.h>
#include <sim/ring/ring_variant.h>

namespace {

bool count(const char* text, uint64_t max, uint64_t& value) {
  return anesim::read_count(text, 1, max, value) == anesim::CountStatus::kOk;
}

}  // namespace

int sc_main(int argc, char* argv[]) {
  using namespace anesim;
  // stdout carries the JSON only (sc_stop's "simulation stopped" is an info).
  sc_core::sc_report_handler::set_actions(sc_core::SC_INFO, sc_core::SC_DO_NOTHING);
  sc_core::sc_report_handler::set_actions(sc_core::SC_WARNING, sc_core::SC_DO_NOTHING);
  uint64_t cores = 0, start = 0, lines = 0, cycles = 0;
  const std::optional<RingVariant> variant =
      argc == 6 ? find_variant(argv[1]) : std::optional<RingVariant>();
  if (!variant || !count(argv[2], 16, cores) ||
      (std::string(argv[3]) != "0" && !count(argv[3], UINT32_MAX, start)) ||
      !count(argv[4], UINT32_MAX, lines) || !count(argv[5], UINT64_MAX, cycles)) {
    std::fputs(
        "anesim_sc_clock_bench: error: usage: anesim_sc_clock_bench VARIANT CORES "
        "START_LINE LINES CYCLES (run by anesim bench)\n",
        stderr);
    return 2;
  }
  const Task task{static_cast<uint32_t>(start), static_cast<uint32_t>(lines)};
  const ScClockRun r = run_sc_clock_rings(*variant, static_cast<uint32_t>(cores), task, cycles);
  Json j;
  j["seconds"] = r.seconds;
  j["cycles"] = r.cycles;
  j["lines_retired"] = r.lines_retired;
  std::fputs(json_line(j).c_str(), stdout);
  return 0;
}

int main(int argc, char* argv[]) {
  setenv("SC_COPYRIGHT_MESSAGE", "DISABLE", 0);
  return sc_core::sc_elab_and_sim(argc, argv);
}
