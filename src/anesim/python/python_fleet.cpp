#include <anesim/python/python_fleet.h>

#include <fmt/format.h>

#include <anesim/io/errors.h>
#include <anesim/python/python_values.h>

namespace anesim::python {

api::FleetAdviseRequest fleet_request(const api::AdviseRequest& advise, const py::object& chips,
                                      const py::object& config, const py::object& chip) {
  if (!config.is_none() || !chip.is_none()) {
    throw UsageError("give chips, or config or chip, not both");
  }
  api::FleetAdviseRequest r;
  r.advise = advise;
  if (py::isinstance<py::str>(chips)) {
    // "all", or one name: a fleet of one is still a fleet.
    r.chips = api::fleet_chip_names(chips.cast<std::string>(), "chips");
  } else if (py::isinstance<py::list>(chips) || py::isinstance<py::tuple>(chips)) {
    size_t i = 0;
    for (const py::handle item : chips) {
      if (!py::isinstance<py::str>(item)) {
        throw py::type_error(
            fmt::format("chips[{}]: expected a chip name (str), got {}", i,
                        py::str(py::type::handle_of(item).attr("__name__")).cast<std::string>()));
      }
      ++i;
      r.chips.push_back(text_argument(item, "chips"));
    }
  } else {
    throw py::type_error(
        fmt::format("chips: expected a list of chip names or 'all', got {}",
                    py::str(py::type::handle_of(chips).attr("__name__")).cast<std::string>()));
  }
  return r;
}

}  // namespace anesim::python
