// Fleet advice as a typed request (docs/advise.md, "Fleet"): one model (or
// one shape) advised on several chips at once, one split per projection
// that clears the notch on every chip it hits, priced on every chip. The
// command line's `advise --chip A,B,...` / `--chip all` and Python's
// advise_model(chips=...) / advise(chips=...) build a FleetAdviseRequest.
#pragma once

#include <string>
#include <vector>

#include <anesim/analysis/advise/fleet_advice.h>
#include <anesim/api/advise.h>

namespace anesim::api {

struct FleetAdviseRequest {
  // The model or shape, dtype, kernel, groups, jobs, exact and progress as
  // for advise(); its `machine`, `chips` and `csv` are not read (each
  // chip's description is its registered file).
  AdviseRequest advise;
  std::vector<std::string> chips;  // registry names, at least one, none twice
  std::string csv;                 // one row per (projection, chip), written by present; "" = none
};

struct FleetAdviseResult {
  std::string title;  // the model's display name, or the shape
  FleetAdvice fleet;
};

// "m3,m4,m5-pro" or "all" (every registered chip) as names; an unknown
// name, an empty item or a name given twice throws FieldError naming `field`.
std::vector<std::string> fleet_chip_names(const std::string& text,
                                          const std::string& field = "chip");

// The fleet `request.chips` names, with its model or shape and its CSV.
FleetAdviseRequest fleet_request(const AdviseRequest& request);

// advise() on each chip (its timing table and the on-disk cache as usual),
// then again with the fleet's splits priced where any chip needs one.
// Throws what advise() throws, FieldError("chips") for a bad list.
FleetAdviseResult advise_fleet(const FleetAdviseRequest& request);

}  // namespace anesim::api
