// Advice (api::advise, api::advise_fleet) as its user reads it: the table
// or one JSON object, for one machine or a fleet
// (src/anesim/analysis/advise/advice_output.h and fleet_output.h write them).
#pragma once

#include <string>

#include <anesim/api/advise.h>
#include <anesim/api/advise_fleet.h>
#include <anesim/io/json.h>

namespace anesim::present {

// What `anesim advise` prints: the model's advice, or the shape's.
std::string advice_text(const api::AdviseResult& r);
// What `anesim advise --json` prints and Python's advise() returns.
Json advice_json(const api::AdviseResult& r);

std::string fleet_text(const api::FleetAdviseResult& r);
Json fleet_json(const api::FleetAdviseResult& r);

// The CSV the request asked for (its csv; nothing when "").
void write_advice_csv(const api::AdviseResult& r, const api::AdviseRequest& request);
void write_fleet_csv(const api::FleetAdviseResult& r, const api::FleetAdviseRequest& request);

}  // namespace anesim::present
