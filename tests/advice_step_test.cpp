// Advice the step confirms (docs/advise.md, "The token decides"): on every
// shipped model and every chip, in each weight format its timing table
// answers, a split is advised only where the whole token gets faster with
// it. The tables answer every case, a format the engine drains at its own
// rate included (from the table of its rate).
#include <catch2/catch.hpp>

#include <string>

#include <anesim/api/advise.h>
#include <anesim/machine/chip_registry.h>
#include <anesim/model/model_presets.h>
#include <anesim/model/weight_format.h>

using namespace anesim;

TEST_CASE("advice: no advised split slows its chip's token", "[advise][step]") {
  int advised = 0, withdrawn = 0, answered = 0, cases = 0;
  for (const char* dtype : {"fp16", "int8", "lut4", "lut6"}) {
    for (const std::string& model : model_preset_names()) {
      for (const ChipEntry& chip : chip_registry()) {
        ++cases;
        api::AdviseRequest r;
        r.model = model;
        r.dtype = dtype_named(dtype);
        r.machine.config = chip.file;
        r.jobs = 1;
        r.without_simulation = true;  // the tables answer every shipped model
        api::AdviseResult a;
        try {
          a = api::advise(r);
        } catch (const std::exception& e) {
          FAIL_CHECK(model << " " << dtype << " on " << chip.name << ": " << e.what());
          continue;
        }
        ++answered;
        const ModelAdvice& m = *a.model;
        bool any_split = false;
        for (const TransferAdvice& t : m.advice.rows) any_split = any_split || t.split > 1;
        INFO(model << " " << dtype << " on " << chip.name);
        if (any_split) {
          ++advised;
          CHECK(m.time_us_after < m.time_us_before);
        } else {
          CHECK(m.time_us_after == m.time_us_before);
        }
        for (const TransferAdvice& t : m.advice.rows) {
          if (t.kind == AdviceKind::kSplitSlowsStep) ++withdrawn;
        }
      }
    }
  }
  // The rule is exercised both ways on the shipped models.
  CHECK(answered == cases);
  CHECK(cases >= 4 * 18 * 21);
  CHECK(advised > 0);
  CHECK(withdrawn > 0);
}
