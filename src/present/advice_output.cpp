#include <anesim/present/advice_output.h>

#include <anesim/analysis/advise/advice_output.h>
#include <anesim/analysis/advise/fleet_output.h>

namespace anesim::present {

std::string advice_text(const api::AdviseResult& r) {
  return r.model ? model_advice_text(*r.model) : shape_advice_text(r.table);
}

Json advice_json(const api::AdviseResult& r) {
  return r.model ? model_advice_json(*r.model) : shape_advice_json(r.table);
}

std::string fleet_text(const api::FleetAdviseResult& r) {
  return fleet_advice_text(r.fleet, r.title);
}

Json fleet_json(const api::FleetAdviseResult& r) { return fleet_advice_json(r.fleet, r.title); }

}  // namespace anesim::present
