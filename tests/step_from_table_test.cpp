// Decode steps composed from a timing table (step_from_table.h): against the
// same steps simulated, on the M3's ring and on the M4's (in fp16, and in
// the formats the engine drains at its own rate), whose whole-lap
// tasks run repaired alone and unrepaired inside a step; where the table
// cannot answer, the step is simulated.
#include <catch2/catch.hpp>

#include <memory>
#include <optional>
#include <string>
#include <utility>

#include <anesim/analysis/step/step_from_table.h>
#include <anesim/analysis/tables/table_lookup.h>
#include <anesim/api/advise.h>
#include <anesim/machine/chip_registry.h>
#include <anesim/machine/machine_config_reader.h>
#include <anesim/model/weight_format.h>
#include <sim/ring/geometry.h>

#include "tests/test_support.h"

using namespace anesim;

namespace {

api::AdviseResult advise_preset(const std::string& model, const std::string& yaml, bool exact,
                                std::optional<Dtype> dtype = std::nullopt) {
  api::AdviseRequest r;
  r.model = model;
  r.dtype = dtype;
  r.machine.config = yaml;
  r.exact = exact;
  return api::advise(r);
}

}  // namespace

TEST_CASE("composed steps: within 0.5 % of the simulated steps on the M3 and the M4",
          "[tables][steps]") {
  // The ANEForge decoder's FFN transfers are exactly two laps per core: on
  // the M4 they are repaired when they run alone, not inside the step.
  for (const std::string chip : {"m3", "m4"}) {
    const std::string yaml = chip_config_path(chip);
    INFO(chip << ": " << yaml);
    const api::AdviseResult composed = advise_preset("aneforge-decoder", yaml, false);
    const api::AdviseResult simulated = advise_preset("aneforge-decoder", yaml, true);
    REQUIRE(composed.model.has_value());
    REQUIRE(simulated.model.has_value());
    CHECK(composed.model->steps_composed);
    CHECK_FALSE(simulated.model->steps_composed);
    CHECK(composed.model->time_us_before == Approx(simulated.model->time_us_before).epsilon(0.005));
    CHECK(composed.model->time_us_after == Approx(simulated.model->time_us_after).epsilon(0.005));
    CHECK(composed.model->time_us_fix_variant ==
          Approx(simulated.model->time_us_fix_variant).epsilon(0.005));
  }
}

TEST_CASE("composed steps: drained formats within 0.5 % of the simulated steps",
          "[tables][steps]") {
  // The engine drains int8 at its own rate on the M4 (H16, in the notch),
  // and int8, int4 and LUT4 on the M5 Pro (H17, fixed ring): each step
  // reads the table of its rate.
  for (const auto& [chip, dtype] : {std::pair<std::string, Dtype>{"m4", Dtype::kInt8},
                                    {"m5-pro", Dtype::kLut4},
                                    {"m5-pro", Dtype::kInt4}}) {
    const std::string yaml = chip_config_path(chip);
    INFO(chip << " " << dtype_name(dtype));
    const api::AdviseResult composed = advise_preset("aneforge-decoder", yaml, false, dtype);
    const api::AdviseResult simulated = advise_preset("aneforge-decoder", yaml, true, dtype);
    REQUIRE(composed.model.has_value());
    REQUIRE(simulated.model.has_value());
    CHECK(composed.model->steps_composed);
    CHECK_FALSE(composed.table.simulated);
    CHECK(composed.model->time_us_before == Approx(simulated.model->time_us_before).epsilon(0.005));
    CHECK(composed.model->time_us_after == Approx(simulated.model->time_us_after).epsilon(0.005));
    CHECK(composed.model->time_us_fix_variant ==
          Approx(simulated.model->time_us_fix_variant).epsilon(0.005));
  }
}

TEST_CASE("composed steps: a whole-lap task's time follows where it starts on the M4",
          "[tables][steps]") {
  const std::string yaml = chip_config_path("m4");
  const std::shared_ptr<const TimingTable> t =
      find_timing_table(yaml, test::slurp(yaml), load_config_or_builtin(yaml));
  REQUIRE(t != nullptr);
  REQUIRE(start_sensitive(t->chip));
  const uint64_t two_laps = 2 * kRingLines;
  // On a lap boundary: the repaired time of the transfer alone.
  CHECK(t->single_at(t->chip, two_laps, kRingLines) == t->single(t->chip, two_laps));
  // Mid-lap: the repair never comes, and the task is slower.
  const std::optional<double> mid = t->single_at(t->chip, two_laps, 100);
  REQUIRE(mid.has_value());
  CHECK(*mid > *t->single(t->chip, two_laps) * 1.2);
  // Off whole laps the repair is not armed: the start does not matter.
  CHECK(t->single_at(t->chip, two_laps + 5, 100) == t->single(t->chip, two_laps + 5));
  // The fixed ring never depends on it.
  CHECK(t->single_at(RingVariant::kFix, two_laps, 100) == t->single(RingVariant::kFix, two_laps));
}

TEST_CASE("composed steps: a ring whose time the table cannot place is simulated",
          "[tables][steps]") {
  // The M4's table read as if its ring re-derived the grant at every wrap:
  // a notch task that starts mid-lap has no sample, so no step is composed.
  const std::string yaml = chip_config_path("m4");
  TimingTable t = *find_timing_table(yaml, test::slurp(yaml), load_config_or_builtin(yaml));
  t.chip = test::variant("relatch");
  CHECK_FALSE(t.single_at(test::variant("relatch"), 2 * kRingLines - 100, 100).has_value());
  CHECK(t.single_at(test::variant("relatch"), 2 * kRingLines - 100, 0).has_value());
  const MachineConfig cfg = load_config_file(yaml);
  StepPlan plan;
  plan.tasks.push_back(StepTask{"q_proj", 0, 0, 1, 2048, 2048, 100});
  plan.tasks.push_back(StepTask{"up_proj", 0, 0, 1, 2048, 8192, 2 * kRingLines - 100});
  CHECK_FALSE(compose_step(plan, test::variant("relatch"), cfg, t).has_value());
  CHECK(compose_step(plan, RingVariant::kFix, cfg, t).has_value());
}
