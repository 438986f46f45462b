// The Python module `anesim` (docs/python.md): runs, advice and the variant
// table in this process, with no child processes and no SystemC kernel
// (sim/top/run_without_systemc.h), the GIL released while simulating so that
// threads run in parallel. Each function fills in a typed request of
// src/api/ and calls its function, as the command line does; results are the
// dicts `anesim --json` and `anesim advise --json` print, built by the same
// code.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <map>
#include <string>

#include <fmt/format.h>

#include <anesim/analysis/advise/advice.h>
#include <anesim/analysis/advise/simulation_cache.h>
#include <anesim/api/advise.h>
#include <anesim/api/chips.h>
#include <anesim/api/model_source.h>
#include <anesim/api/program.h>
#include <anesim/api/request_checks.h>
#include <anesim/api/run.h>
#include <anesim/io/errors.h>
#include <anesim/io/text_functions.h>
#include <anesim/machine/chip_registry.h>
#include <anesim/model/model_description.h>
#include <anesim/model/model_presets.h>
#include <anesim/python/interruptible.h>
#include <anesim/python/python_catalog.h>
#include <anesim/python/python_config.h>
#include <anesim/python/python_fleet.h>
#include <anesim/python/python_formats.h>
#include <anesim/python/python_values.h>
#include <anesim/sim/ring/ring_variant.h>

namespace anesim::python {

namespace {

// config= or chip= (a registered chip's file), not both. A path or a chip
// is passed on as a path, so that its description is read once per process
// (api/description_store.h); a Config as the machine it holds.
api::MachineChoice machine_argument(const py::object& config, const py::object& chip) {
  api::MachineChoice choice;
  if (!chip.is_none()) {
    if (!config.is_none()) {
      throw UsageError("give config or chip, not both");
    }
    choice.config = chip_config_path(text_argument(chip, "chip"));
    return choice;
  }
  if (config.is_none()) return choice;
  if (!py::isinstance<Config>(config) &&
      (py::isinstance<py::str>(config) || py::hasattr(config, "__fspath__"))) {
    choice.config = path_argument(config, "config");
    return choice;
  }
  const std::shared_ptr<Config> c = config_argument(config);
  choice.machine = c->machine();
  choice.text = c->description_text();
  return choice;
}

py::object run(const py::object& lines, const py::object& cin, const py::object& cout,
               const py::object& variant, const py::object& cores, const py::object& split,
               const py::object& task_lines, const py::object& config, const py::object& chip) {
  api::RunRequest r;
  r.lines = count_value(lines, "lines");
  r.cin = count_value(cin, "cin");
  r.cout = count_value(cout, "cout");
  if (!variant.is_none()) {
    r.variant = api::variant_named(text_argument(variant, "variant"), "variant");
  }
  r.cores = count_value(cores, "cores");
  r.split = count_value(split, "split").value_or(1);
  r.task_lines = count_list_value(task_lines, "task_lines");
  r.machine = machine_argument(config, chip);
  return to_python(interruptible([&] { return api::run_in_process(r); }));
}

uint64_t jobs_argument(const py::object& jobs) { return count_value(jobs, "jobs").value_or(2); }

py::object advise_request(api::AdviseRequest r) {
  // Most shapes are answered by the timing table in microseconds, less than
  // interruptible()'s thread costs: asked here first, and only a question
  // that needs a simulation goes where Ctrl-C can stop it.
  if (!r.exact) {
    r.without_simulation = true;
    try {
      return to_python(api::advice_json(api::advise(r)));
    } catch (const NeedsSimulation&) {
      r.without_simulation = false;
    }
  }
  return to_python(interruptible([&] { return api::advice_json(api::advise(r)); }));
}

py::object fleet_call(const api::FleetAdviseRequest& f) {
  return to_python(interruptible([&] { return api::fleet_json(api::advise_fleet(f)); }));
}

api::AdviseRequest shape_request(const py::object& cin, const py::object& cout,
                                 const py::object& config, const py::object& jobs,
                                 const py::object& dtype, const py::object& kernel,
                                 const py::object& groups, bool exact, const py::object& chip) {
  api::AdviseRequest r;
  r.cin = count_value(cin, "cin");
  r.cout = count_value(cout, "cout");
  r.dtype = dtype_value(dtype);
  r.kernel = kernel_value(kernel);
  r.groups = count_value(groups, "groups");
  if (!r.cin || !r.cout) {
    throw py::type_error("advise: give both cin and cout (ints)");
  }
  r.jobs = jobs_argument(jobs);
  r.machine = machine_argument(config, chip);
  r.exact = exact;
  return r;
}

py::object advise_shape(const py::object& cin, const py::object& cout, const py::object& config,
                        const py::object& jobs, const py::object& dtype, const py::object& kernel,
                        const py::object& groups, bool exact, const py::object& chip,
                        const py::object& chips) {
  if (!chips.is_none()) {
    const api::AdviseRequest r =
        shape_request(cin, cout, py::none(), jobs, dtype, kernel, groups, exact, py::none());
    return fleet_call(fleet_request(r, chips, config, chip));
  }
  return advise_request(shape_request(cin, cout, config, jobs, dtype, kernel, groups, exact, chip));
}

bool affected(const py::object& cin, const py::object& cout, const py::object& config,
              const py::object& dtype, const py::object& kernel, const py::object& groups,
              bool exact, const py::object& chip) {
  api::AdviseRequest r =
      shape_request(cin, cout, config, py::int_(1), dtype, kernel, groups, exact, chip);
  // As advise: the table first, and a simulation where Ctrl-C can stop it.
  if (!r.exact) {
    r.without_simulation = true;
    try {
      py::gil_scoped_release unlocked;
      return api::advise(r).table.rows.at(0).affected;
    } catch (const NeedsSimulation&) {
      r.without_simulation = false;
    }
  }
  return interruptible([&] { return api::advise(r).table.rows.at(0).affected; });
}

ModelDescription model_argument(const py::object& model) {
  if (py::isinstance<py::dict>(model)) {
    // Built value by value, never as text; the model format's own reader
    // checks every key.
    return parse_model_description_tree(to_yaml_node(model, "model"), "<dict>");
  }
  if (!py::isinstance<py::str>(model) && !py::hasattr(model, "__fspath__")) {
    throw py::type_error(fmt::format(
        "model: expected a preset name, a file path (str) or a dict in the model format, got {}",
        py::str(py::type::handle_of(model).attr("__name__")).cast<std::string>()));
  }
  const std::string text = path_argument(model, "model");
  py::gil_scoped_release unlocked;
  return api::load_model(text);
}

py::object advise_model_call(const py::object& model, const py::object& config,
                             const py::object& jobs, const py::object& dtype, bool exact,
                             const py::object& chip, const py::object& chips) {
  api::AdviseRequest r;
  r.model_description = model_argument(model);
  r.dtype = dtype_value(dtype);
  r.jobs = jobs_argument(jobs);
  r.exact = exact;
  if (!chips.is_none()) return fleet_call(fleet_request(r, chips, config, chip));
  r.machine = machine_argument(config, chip);
  return advise_request(r);
}

py::object load_model(const py::object& model) {
  const ModelDescription m = model_argument(model);
  std::vector<std::string> left_out;
  py::list transfers;
  for (const Transfer& t : model_transfers(m, &left_out)) {
    py::dict d;
    d["name"] = t.name;
    d["cin"] = t.cin;
    d["cout"] = t.cout;
    d["count"] = t.count;
    d["dtype"] = dtype_name(t.format.dtype);
    d["kernel"] = py::make_tuple(t.format.kh, t.format.kw);
    d["groups"] = t.format.groups;
    transfers.append(d);
  }
  py::dict out;
  out["name"] = m.name;
  out["display_name"] = m.display_name;
  out["source"] = m.source;
  out["layers"] = m.layers;
  out["dtype"] = dtype_name(m.dtype);
  out["element_bytes"] = m.element_bytes;
  out["parameters"] = m.parameter_count();
  out["transfers"] = transfers;
  out["left_out"] = left_out;
  return std::move(out);
}

py::object load_program(const py::object& path, const py::object& config, const py::object& chip) {
  api::ProgramRequest r;
  r.path = path_argument(path, "path");
  r.machine = machine_argument(config, chip);
  return to_python(interruptible([&] { return program_json(api::read_program(r)); }));
}

}  // namespace

}  // namespace anesim::python

PYBIND11_MODULE(anesim, m) {
  namespace py = pybind11;
  using namespace anesim::python;
  m.doc() =
      "anesim in Python: cycle-level simulations of the Apple M3 ANE kernel-DMA prefetch ring, "
      "in this process (docs/python.md).";
  m.attr("__version__") = "0.1.0";
  // Bad input is a ValueError; a request's field is named as Python spells it.
  static py::exception<anesim::UsageError> usage(m, "UsageError", PyExc_ValueError);
  static py::exception<anesim::ConfigError> config(m, "ConfigError", PyExc_ValueError);
  static py::exception<anesim::InputError> input(m, "InputError", PyExc_ValueError);
  static py::exception<anesim::SimulationError> failed(m, "SimulationError", PyExc_RuntimeError);
  usage.attr("__doc__") =
      "A bad argument value; the message names the argument (task_lines), where the command "
      "line names its option (--task-lines).";
  config.attr("__doc__") = "A bad machine description: file:line:column: field: what (exit 3).";
  input.attr("__doc__") = "A bad model file or dict: file:line:column: field: what (exit 5).";
  failed.attr("__doc__") = "A run that failed: max_cycles reached, an RTL assertion, a lost line.";
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const anesim::FieldError& e) {
      usage(anesim::printable_whole(
                e.render([](const std::string& field) { return field; }, e.value()))
                .c_str());
    } catch (const anesim::UsageError& e) {
      usage(anesim::printable_whole(e.what()).c_str());
    } catch (const anesim::ConfigError& e) {
      config(anesim::printable_whole(e.what()).c_str());
    } catch (const anesim::InputError& e) {
      input(anesim::printable_whole(e.what()).c_str());
    } catch (const anesim::SimulationError& e) {
      failed(anesim::printable_whole(e.what()).c_str());
    } catch (const anesim::OutputError& e) {
      PyErr_SetString(PyExc_OSError, anesim::printable_whole(e.what()).c_str());
    } catch (const py::builtin_exception&) {
      throw;  // KeyError, TypeError, ...: pybind11's own translator
    } catch (const py::error_already_set&) {
      throw;
    } catch (const std::runtime_error& e) {
      // Whatever else stops a simulation (a child that died, a report
      // without its spans) is a simulation failure too.
      failed(anesim::printable_whole(e.what()).c_str());
    }
  });
  bind_config(m);
  m.def("run", &run, py::arg("lines") = py::none(), py::arg("cin") = py::none(),
        py::arg("cout") = py::none(), py::arg("variant") = py::none(),
        py::arg("cores") = py::none(), py::arg("split") = 1, py::arg("task_lines") = py::none(),
        py::arg("config") = py::none(), py::arg("chip") = py::none(), R"doc(
One simulation; returns the dict `anesim --json` prints (same keys, same values).
lines: lines of 64 B per core (int, or str such as '0x4000'); or cin and cout,
a layer X[1,D] x W[D,N] (not both). variant: a name from variants() (default: the
config's ane.ring_variant). cores: active cores (default: the config's
ane.cores). split: back-to-back tasks per core; task_lines: explicit task
lengths instead. config: None (built-in M3 Air), a path, or a Config; or
chip: a name from chips() (not both).
The GIL is released while the simulation runs.)doc");
  m.def("advise", &advise_shape, py::arg("cin"), py::arg("cout"), py::arg("config") = py::none(),
        py::arg("jobs") = 2, py::arg("dtype") = py::none(), py::arg("kernel") = py::none(),
        py::arg("groups") = py::none(), py::arg("exact") = false, py::arg("chip") = py::none(),
        py::arg("chips") = py::none(), R"doc(
Advice for one layer X[1,cin] x W[cin,cout]: the dict of `anesim advise
--cin D --cout N --json`, from the description's timing table where it has one
(exact=True simulates). jobs: simulations run in parallel (threads).
dtype: a weight format ('fp16' by default; 'int8', 'int4', 'lut4', ... as
anesim advise --help lists them); kernel: (kh, kw) (default (1, 1)); groups:
channel groups (default 1). cin is the input channels D, not D*kh*kw.
chips: a list of chip names or 'all' instead of config/chip: the fleet's dict
of `anesim advise --chip A,B,... --json` (docs/advise.md, "Fleet").)doc");
  m.def("affected", &affected, py::arg("cin"), py::arg("cout"), py::arg("config") = py::none(),
        py::arg("dtype") = py::none(), py::arg("kernel") = py::none(),
        py::arg("groups") = py::none(), py::arg("exact") = false, py::arg("chip") = py::none(),
        R"doc(
Whether the erratum costs the layer X[1,cin] x W[cin,cout] time: advise()'s
"affected", answered from the description's timing table.)doc");
  m.def("advise_model", &advise_model_call, py::arg("model"), py::arg("config") = py::none(),
        py::arg("jobs") = 2, py::arg("dtype") = py::none(), py::arg("exact") = false,
        py::arg("chip") = py::none(), py::arg("chips") = py::none(), R"doc(
Advice for a whole model: the dict of `anesim advise --model M --json`.
model: a preset name, a path (model YAML, a transformers config.json, a
.safetensors file or model.safetensors.index.json), or a dict in the model
format (docs/model-format.md). dtype: every weight stored as this
(default: as the model says). chips: a list of chip names or 'all' instead
of config/chip: one split per projection for all of them, the dict of
`anesim advise --model M --chip A,B,... --json` (docs/advise.md, "Fleet").)doc");
  m.def("load_model", &load_model, py::arg("model"), R"doc(
The transfers a model streams per decoded token, without simulating: a dict
with name, display_name, source, layers, element_bytes, parameters (the
reader's parameter_count), dtype, transfers (name,
cin, cout, count, dtype, kernel, groups) and left_out. model as for advise_model.)doc");
  m.def("load_program", &load_program, py::arg("path"), py::arg("config") = py::none(),
        py::arg("chip") = py::none(), R"doc(
A compiled Core ML program (.mlmodelc, a folder of them, a .mil file) as the kernel
DMA sees it, without simulating: the dict of `anesim program PATH --json`
(docs/program-format.md). Every call that takes a model takes a program's path too.)doc");
  m.def("variants", &variants,
        "The ring variants: name, summary, RTL parameters, never_starves "
        "(sim/ring/ring_variants.def).");
  m.def("chips", &chips, py::arg("device") = py::none(),
        "Every chip chip= accepts: the list `anesim chips --json` prints (name, family, devices, "
        "generation, memory, peak_gbps, ring, affected, verdict, confidence, evidence, "
        "verdict_from); device='iPhone 15 Pro': only the chip that device ships with.");
  m.def(
      "presets", [] { return anesim::model_preset_names(); },
      "The model preset names (configs/models/).");
}
