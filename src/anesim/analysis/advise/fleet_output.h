// Fleet advice (fleet_advice.h) as text, JSON and CSV (fields:
// docs/advise.md, "Fleet").
#pragma once

#include <string>

#include <anesim/analysis/advise/fleet_advice.h>
#include <anesim/io/json.h>

namespace anesim {

// `title`: the model's display name, or the shape.
std::string fleet_advice_text(const FleetAdvice& f, const std::string& title);
Json fleet_advice_json(const FleetAdvice& f, const std::string& title);
// One row per (projection, chip).
std::string fleet_advice_csv(const FleetAdvice& f);

}  // namespace anesim
