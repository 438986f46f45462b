#include <anesim/python/python_advise.h>

// pybind11/stl.h: the bindings here convert STL containers (std::vector,
// std::map, std::optional) through its casters, names IWYU never sees.
#include <pybind11/stl.h>  // IWYU pragma: keep

#include <cmath>
#include <map>
#include <optional>
#include <string>
#include <utility>

#include <fmt/format.h>

#include <anesim/api/advise.h>
#include <anesim/api/advise_fleet.h>
#include <anesim/api/models.h>
#include <anesim/io/errors.h>
#include <anesim/present/advice_output.h>
#include <anesim/python/interruptible.h>
#include <anesim/python/python_fields.h>
#include <anesim/python/python_values.h>

namespace anesim::python {

namespace {

// How a question may be answered: exact (simulate every time), or from the
// timing table first and simulated only where it does not answer (auto),
// or from the table alone (never: NeedsSimulation raised as
// NeedsSimulationError); a simulation stopped after max_seconds.
struct Asking {
  bool exact = false;
  bool never = false;
  std::optional<double> max_seconds;
};

Asking asking(bool exact, const py::object& simulate, const py::object& max_seconds) {
  Asking a;
  a.exact = exact;
  const std::string mode = simulate.is_none() ? "auto" : text_argument(simulate, "simulate");
  if (mode != "auto" && mode != "never") {
    throw UsageError(
        fmt::format("simulate: '{}' is not a mode (give 'auto' or 'never')", printable(mode)));
  }
  a.never = mode == "never";
  if (a.never && exact) {
    throw UsageError("exact=True simulates every time and simulate='never' never does: give one");
  }
  if (!max_seconds.is_none()) {
    if (!py::isinstance<py::float_>(max_seconds) && !py::isinstance<py::int_>(max_seconds)) {
      throw py::type_error(fmt::format(
          "max_seconds: expected a number of seconds, got {}",
          py::str(py::type::handle_of(max_seconds).attr("__name__")).cast<std::string>()));
    }
    const double s = max_seconds.cast<double>();
    if (!std::isfinite(s) || s <= 0) {
      throw UsageError(fmt::format("max_seconds: {} is not a positive number of seconds", s));
    }
    a.max_seconds = s;
  }
  return a;
}

// Answers `call` (which reads `without_simulation`) as `a` asks. Most
// shapes are answered by the timing table in microseconds, less than
// interruptible()'s thread costs: asked here first, and only a question
// that needs a simulation goes where Ctrl-C and max_seconds can stop it.
template <class Call>
auto answered(const Asking& a, bool& without_simulation, Call call) -> decltype(call()) {
  if (!a.exact) {
    without_simulation = true;
    try {
      const py::gil_scoped_release unlocked;
      return call();
    } catch (const NeedsSimulation& e) {
      if (a.never) {
        throw NeedsSimulation(
            fmt::format("simulate='never': this answer needs a simulation: {}", e.what()));
      }
      without_simulation = false;
    }
  }
  return interruptible(call, a.max_seconds);
}

// The keywords a call gave, read by the rows of advise_fields.def that
// they name (python_fields.h); the other rows keep their values.
void read_rows(const char* function, api::AdviseRequest& r,
               std::map<std::string, py::object> given) {
  read_given_arguments(Arguments{function, std::move(given)}, r);
}

// The request of advise(), affected() and needs_simulation() for one layer
// shape; its machine is read apart (advice).
api::AdviseRequest shape_request(const char* function, const py::object& cin,
                                 const py::object& cout, const py::object& jobs,
                                 const py::object& dtype, const py::object& kernel,
                                 const py::object& groups, bool exact) {
  api::AdviseRequest r;
  read_rows(function, r,
            {{"cin", cin},
             {"cout", cout},
             {"dtype", dtype},
             {"kernel", kernel},  // a dtype's rules are refused for a shape, by advise
             {"groups", groups},
             {"jobs", jobs},
             {"exact", py::bool_(exact)}});
  if (!r.cin || !r.cout) {
    throw py::type_error("advise: give both cin and cout (ints)");
  }
  return r;
}

api::AdviseRequest model_request(const char* function, const py::object& model,
                                 const py::object& jobs, const py::object& dtype, bool exact) {
  api::AdviseRequest r;
  read_rows(function, r,
            {{"model", model}, {"dtype", dtype}, {"jobs", jobs}, {"exact", py::bool_(exact)}});
  return r;
}

// The machine of `r`: config or chip, or with `chips` a fleet (chips), not both.
void read_machine(const char* function, api::AdviseRequest& r, const py::object& config,
                  const py::object& chip, const py::object& chips) {
  if (chips.is_none()) {
    read_rows(function, r, {{"config", config}, {"chip", chip}});
    return;
  }
  if (!config.is_none() || !chip.is_none()) {
    throw UsageError("give chips, or config or chip, not both");
  }
  read_rows(function, r, {{"chips", chips}});
}

// The dict of `anesim advise --json`: one machine, or with `chips` a fleet.
py::object advice(api::AdviseRequest r, const py::object& config, const py::object& chip,
                  const py::object& chips, const Asking& a) {
  read_machine("advise", r, config, chip, chips);
  if (r.chips) {
    api::FleetAdviseRequest f = api::fleet_request(r);
    return to_python(answered(a, f.advise.without_simulation,
                              [&] { return present::fleet_json(api::advise_fleet(f)); }));
  }
  return to_python(
      answered(a, r.without_simulation, [&] { return present::advice_json(api::advise(r)); }));
}

// Whether answering `r` would simulate: it is asked of the tables alone.
bool needs_simulation_of(api::AdviseRequest r, const py::object& config, const py::object& chip,
                         const py::object& chips) {
  if (r.exact) return true;
  read_machine("needs_simulation", r, config, chip, chips);
  r.without_simulation = true;
  try {
    const py::gil_scoped_release unlocked;
    if (r.chips) {
      api::advise_fleet(api::fleet_request(r));
    } else {
      api::advise(r);
    }
  } catch (const NeedsSimulation&) {
    return true;
  }
  return false;
}

py::object advise_shape(const py::object& cin, const py::object& cout, const py::object& config,
                        const py::object& jobs, const py::object& dtype, const py::object& kernel,
                        const py::object& groups, bool exact, const py::object& chip,
                        const py::object& chips, const py::object& simulate,
                        const py::object& max_seconds) {
  const Asking a = asking(exact, simulate, max_seconds);
  return advice(shape_request("advise", cin, cout, jobs, dtype, kernel, groups, exact), config,
                chip, chips, a);
}

bool affected(const py::object& cin, const py::object& cout, const py::object& config,
              const py::object& dtype, const py::object& kernel, const py::object& groups,
              bool exact, const py::object& chip, const py::object& simulate,
              const py::object& max_seconds) {
  const Asking a = asking(exact, simulate, max_seconds);
  api::AdviseRequest r =
      shape_request("affected", cin, cout, py::int_(1), dtype, kernel, groups, exact);
  read_machine("affected", r, config, chip, py::none());
  return answered(a, r.without_simulation,
                  [&] { return api::advise(r).table.rows.at(0).affected; });
}

py::object advise_model_call(const py::object& model, const py::object& config,
                             const py::object& jobs, const py::object& dtype, bool exact,
                             const py::object& chip, const py::object& chips,
                             const py::object& simulate, const py::object& max_seconds) {
  const Asking a = asking(exact, simulate, max_seconds);
  return advice(model_request("advise_model", model, jobs, dtype, exact), config, chip, chips, a);
}

bool needs_simulation(const py::object& cin, const py::object& cout, const py::object& model,
                      const py::object& config, const py::object& dtype, const py::object& kernel,
                      const py::object& groups, bool exact, const py::object& chip,
                      const py::object& chips) {
  if (!model.is_none()) {
    if (!cin.is_none() || !cout.is_none() || !kernel.is_none() || !groups.is_none()) {
      throw UsageError("needs_simulation: give model, or cin and cout (with kernel, groups)");
    }
    return needs_simulation_of(model_request("needs_simulation", model, py::int_(1), dtype, exact),
                               config, chip, chips);
  }
  return needs_simulation_of(
      shape_request("needs_simulation", cin, cout, py::int_(1), dtype, kernel, groups, exact),
      config, chip, chips);
}

}  // namespace

void bind_advise(py::module_& m) {
  // The formats from their table (model/dtypes.def); pybind11 copies the text.
  const std::string advise_doc = R"doc(
Advice for one layer X[1,cin] x W[cin,cout]: the dict of `anesim advise
--cin D --cout N --json`, from the description's timing table where it has one
(exact=True simulates). jobs: simulations run in parallel (threads).
dtype: a weight format, one of )doc" +
                                 dtype_list() +
                                 R"doc( ('fp16' by default); kernel: (kh, kw)
(default (1, 1)); groups: channel groups (default 1). cin is the input
channels D, not D*kh*kw.
chips: a list of chip names or 'all' instead of config/chip: the fleet's dict
of `anesim advise --chip A,B,... --json` (docs/advise.md, "Fleet").
simulate: 'auto' (the table, else simulations) or 'never' (the table alone:
NeedsSimulationError where it does not answer). max_seconds: stop the
simulations after this long and raise TimeoutError. The answer's
answered_from says which it was.)doc";
  m.def("advise", &advise_shape, py::arg("cin"), py::arg("cout"), py::arg("config") = py::none(),
        py::arg("jobs") = 2, py::arg("dtype") = py::none(), py::arg("kernel") = py::none(),
        py::arg("groups") = py::none(), py::arg("exact") = false, py::arg("chip") = py::none(),
        py::arg("chips") = py::none(), py::arg("simulate") = "auto",
        py::arg("max_seconds") = py::none(), advise_doc.c_str());
  m.def("affected", &affected, py::arg("cin"), py::arg("cout"), py::arg("config") = py::none(),
        py::arg("dtype") = py::none(), py::arg("kernel") = py::none(),
        py::arg("groups") = py::none(), py::arg("exact") = false, py::arg("chip") = py::none(),
        py::arg("simulate") = "auto", py::arg("max_seconds") = py::none(),
        R"doc(
Whether the erratum costs the layer X[1,cin] x W[cin,cout] time: advise()'s
"affected", answered from the description's timing table. simulate and
max_seconds as for advise.)doc");
  m.def("advise_model", &advise_model_call, py::arg("model"), py::arg("config") = py::none(),
        py::arg("jobs") = 2, py::arg("dtype") = py::none(), py::arg("exact") = false,
        py::arg("chip") = py::none(), py::arg("chips") = py::none(), py::arg("simulate") = "auto",
        py::arg("max_seconds") = py::none(), R"doc(
Advice for a whole model: the dict of `anesim advise --model M --json`.
model: a preset name, a path (model YAML, a transformers config.json, a
.safetensors file or model.safetensors.index.json), or a dict in the model
format (docs/model-format.md). dtype: every weight stored as this
(default: as the model says). chips: a list of chip names or 'all' instead
of config/chip: one split per projection for all of them, the dict of
`anesim advise --model M --chip A,B,... --json` (docs/advise.md, "Fleet").
simulate and max_seconds as for advise.)doc");
  m.def("needs_simulation", &needs_simulation, py::arg("cin") = py::none(),
        py::arg("cout") = py::none(), py::arg("model") = py::none(), py::arg("config") = py::none(),
        py::arg("dtype") = py::none(), py::arg("kernel") = py::none(),
        py::arg("groups") = py::none(), py::arg("exact") = false, py::arg("chip") = py::none(),
        py::arg("chips") = py::none(),
        R"doc(
Whether advise (cin, cout) or advise_model (model) with these arguments would
simulate: True where the timing tables do not answer it (or exact=True), asked
of the tables alone, in microseconds.)doc");
}

}  // namespace anesim::python
