#include <anesim/present/advice_output.h>

#include <anesim/analysis/advise/advice_output.h>
#include <anesim/analysis/advise/fleet_output.h>
#include <anesim/io/atomic_output.h>

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

void write_advice_csv(const api::AdviseResult& r, const api::AdviseRequest& request) {
  if (!request.csv.empty()) {
    write_file_atomically(request.csv, advice_csv(r.table));
  }
}

void write_fleet_csv(const api::FleetAdviseResult& r, const api::FleetAdviseRequest& request) {
  if (!request.csv.empty()) {
    write_file_atomically(request.csv, fleet_advice_csv(r.fleet));
  }
}

}  // namespace anesim::present
