// Python's chips= argument of advise() and advise_model() (docs/python.md):
// a list of chip names, or "all", as a fleet request (api/advise_fleet.h).
#pragma once

#include <pybind11/pybind11.h>

#include <anesim/api/advise_fleet.h>

namespace anesim::python {

namespace py = pybind11;

// `advise` (its model or shape; its machine is not read) on the chips named
// by `chips`. UsageError when config or chip is also given; TypeError for a
// value that is not "all" or a list/tuple of str; FieldError ("chips") for
// an unknown, repeated or missing name.
api::FleetAdviseRequest fleet_request(const api::AdviseRequest& advise, const py::object& chips,
                                      const py::object& config, const py::object& chip);

}  // namespace anesim::python
