// The typed library API (src/anesim/api/): every operation callable from C++ with
// a request of numbers and enums, its refusals FieldErrors naming the
// request's field, and the command line spelling the same errors as options.
#include <catch2/catch.hpp>

#include <string>

#include <anesim/api/advise.h>
#include <anesim/api/calibrate.h>
#include <anesim/api/decode.h>
#include <anesim/api/replay.h>
#include <anesim/api/report.h>
#include <anesim/api/run.h>
#include <anesim/api/sweep.h>
#include <anesim/cli/field_errors.h>
#include <anesim/machine/machine_config_reader.h>
#include <anesim/present/run_output.h>

#include "tests/test_support.h"

namespace anesim {
namespace {

// The field a call refuses, and its message as Python spells it.
template <class Call>
std::pair<std::string, std::string> refusal(Call&& call) {
  try {
    call();
  } catch (const FieldError& e) {
    return {e.field(), e.render([](const std::string& f) { return f; }, e.value())};
  }
  FAIL("no FieldError");
  return {};
}

api::RunRequest small_run() {
  api::RunRequest r;
  r.lines = 0x800;
  r.cores = 1;
  return r;
}

}  // namespace

TEST_CASE("api: a run from a typed request, in this process", "[api]") {
  api::RunRequest r = small_run();
  r.variant = RingVariant::kFix;
  r.task_lines = {0x400, 0x400};
  const Json j = present::run_json(api::run_in_process(r));
  CHECK(j["variant"] == "fix");
  CHECK(j["lines_lost"] == 0);
  // A MachineConfig value instead of a file.
  MachineConfig slow = builtin_config();
  slow.fabric.port_cycles_per_line = 40;
  r.machine.machine = slow;
  CHECK(present::run_json(api::run_in_process(r))["time_us"].get<double>() >
        j["time_us"].get<double>());
}

TEST_CASE("api: a run's refusals name the request's fields", "[api]") {
  using Fields = std::pair<std::string, std::string>;
  api::RunRequest r = small_run();
  r.task_lines = {0x400, 0x400};
  r.split = 2;
  CHECK(refusal([&] { api::prepare_run(r); }) ==
        Fields{"task_lines", "task_lines and split both set the tasks: give one of them"});
  r = small_run();
  r.cin = 64;
  r.cout = 64;
  CHECK(refusal([&] { api::prepare_run(r); }).first == "lines");  // lines with cin/cout
  r = small_run();
  r.cores = 17;
  CHECK(refusal([&] { api::prepare_run(r); }) ==
        Fields{"cores", "cores: '17' is too large (at most 16)"});
  r = small_run();
  r.task_lines = {0x400, 0, 0x400};
  CHECK(refusal([&] { api::prepare_run(r); }) ==
        Fields{"task_lines", "task_lines: '0' is too small (at least 1)"});
  r = small_run();
  r.lines.reset();
  CHECK(refusal([&] { api::prepare_run(r); }) ==
        Fields{"lines", "no transfer size: give lines N, or cin D with cout N"});
  r = small_run();
  r.wave_from = 5;
  CHECK(refusal([&] { api::prepare_run(r); }).second ==
        "wave_from: no waveform requested (add vcd FILE or fst FILE)");
  r = small_run();
  r.vcd = "x.vcd";
  CHECK(refusal([&] { api::run_in_process(r); }).first == "vcd");
}

TEST_CASE("api: advise one shape on a machine given as a value", "[api]") {
  api::AdviseRequest r;
  r.cin = 64;
  r.cout = 64;
  r.machine.machine = builtin_config();
  r.jobs = 1;
  const api::AdviseResult a = api::advise(r);
  CHECK_FALSE(a.model.has_value());
  REQUIRE(a.table.rows.size() == 1);
  r.model = "llama-3.2-1b";
  CHECK(refusal([&] { api::advise(r); }).first == "model");  // a model and a shape
  r = api::AdviseRequest{};
  r.model = "llama-9b";
  CHECK_THAT(refusal([&] { api::advise(r); }).second, Catch::StartsWith("model: 'llama-9b'"));
  r.jobs = 0;
  CHECK(refusal([&] { api::advise(r); }).first == "jobs");
}

TEST_CASE("api: sweep, replay, calibrate, decode and report check their requests", "[api]") {
  api::SweepRequest s;
  s.axis = SweepAxis::kX;
  s.range = {-16, 16, 16};
  s.laps = {1, 2};
  s.cores = 1;
  const SweepSpec spec = api::sweep_spec(s, builtin_config());
  CHECK(spec.values == std::vector<int64_t>{-16, 0, 16});
  CHECK(spec.laps == std::vector<uint32_t>{1, 2});
  CHECK(spec.variants == std::vector<RingVariant>{RingVariant::kBug, RingVariant::kFix});
  s.laps = {1, 1};
  CHECK(refusal([&] { api::sweep_spec(s, builtin_config()); }).first == "laps");
  s.laps = {};
  s.axis = SweepAxis::kLines;
  CHECK(refusal([&] { api::sweep_spec(s, builtin_config()); }) ==
        std::pair<std::string, std::string>{
            "lines_range", "lines_range: '-16' in '-16:16:16' may not be negative"});
  s.range = {16, 32, 16};
  s.variants = {RingVariant::kFix, RingVariant::kFix};
  CHECK(refusal([&] { api::sweep_spec(s, builtin_config()); }).first == "variants");

  api::ReplayOutputs o;
  o.max_mape = -1;
  CHECK(refusal([&] { api::check_replay_outputs(o); }).first == "max_mape");
  api::ReplayRequest rp;
  rp.jobs = 0;
  CHECK(refusal([&] { api::replay(rp); }).first == "jobs");

  api::CalibrateRequest c;
  c.max_evals = 0;
  CHECK(refusal([&] { api::calibrate(c, {}); }).first == "max_evals");
  c.max_evals = 10;
  c.fit_cores = 17;
  CHECK(refusal([&] { api::calibrate(c, {}); }).first == "fit_cores");

  api::DecodeRequest d;
  d.model = "llama-3.2-1b";
  d.programs = 17;
  CHECK(
      refusal([&] { api::decode(d); }) ==
      std::pair<std::string, std::string>{"programs", "programs: '17' is too large (at most 16)"});
  d.programs = 1;
  d.split = api::DecodeSplit::kNone;
  d.timeline = "t.pdf";
  CHECK(refusal([&] { api::decode(d); }).first == "timeline");

  api::ReportRequest rep;
  rep.jobs = 257;
  CHECK(refusal([&] { api::report(rep); }).first == "jobs");
}

TEST_CASE("api: the command line spells a FieldError as options, values as typed", "[api]") {
  api::RunRequest r = small_run();
  r.cores = 17;
  try {
    api::prepare_run(r);
    FAIL("no FieldError");
  } catch (const FieldError& e) {
    CHECK(std::string(e.what()) == "--cores: '17' is too large (at most 16)");
    CHECK(cli_message(e, {{"cores", "0x11"}}) == "--cores: '0x11' is too large (at most 16)");
  }
  r = small_run();
  r.task_lines = {8, 0, 8};
  try {
    api::prepare_run(r);
    FAIL("no FieldError");
  } catch (const FieldError& e) {
    CHECK(cli_message(e, {{"task_lines", "8,0x0,8"}}) ==
          "--task-lines: '0x0' is too small (at least 1)");
  }
  // End to end: the option's spelling, for a check that lives in the library.
  const test::Outcome o = test::run_anesim("--lines 16 --task-lines 8,8 --split 2");
  CHECK(o.rc == 2);
  CHECK_THAT(o.err, Catch::Contains("--task-lines and --split both set the tasks"));
  const test::Outcome hex = test::run_anesim("--lines 0x4000 --cores 0x11");
  CHECK_THAT(hex.err, Catch::Contains("--cores: '0x11' is too large (at most 16)"));
  const test::Outcome both = test::run_anesim("sweep --x-range -16:16:16 --laps 1,1");
  CHECK(both.rc == 2);
  CHECK_THAT(both.err, Catch::Contains("--laps: 1 is listed twice"));
}

}  // namespace anesim
