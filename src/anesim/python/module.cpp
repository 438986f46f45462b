// The Python module `anesim` (docs/python.md): runs, advice and the variant
// table in this process, with no child processes and no SystemC kernel
// (sim/top/run_without_systemc.h), the GIL released while simulating so that
// threads run in parallel. Each function fills in a typed request of
// src/anesim/api/ and calls its function, as the command line does; results are the
// dicts `anesim --json` and `anesim advise --json` print, built by the same
// code.
#include <pybind11/pybind11.h>
// pybind11/stl.h: the bindings here convert STL containers (std::vector,
// std::map, std::optional) through its casters, names IWYU never sees.
#include <pybind11/stl.h>  // IWYU pragma: keep

#include <string>

#include <anesim/api/advise.h>
#include <anesim/api/models.h>
#include <anesim/api/program.h>
#include <anesim/api/run.h>
#include <anesim/io/errors.h>
#include <anesim/io/text_functions.h>
#include <anesim/present/program_output.h>
#include <anesim/present/run_output.h>
#include <anesim/python/interruptible.h>
#include <anesim/python/python_advise.h>
#include <anesim/python/python_catalog.h>
#include <anesim/python/python_fields.h>
#include <anesim/python/python_model.h>
#include <anesim/python/python_operations.h>
#include <anesim/python/python_values.h>

namespace anesim::python {

namespace {

// run()'s arguments are the rows of src/anesim/api/run_fields.def.
py::object run(const py::args& args, const py::kwargs& kwargs) {
  const api::RunRequest r = request_from_arguments<api::RunRequest>("run", args, kwargs);
  return to_python(interruptible([&] { return present::run_json(api::run_in_process(r)); }));
}

// load_program()'s arguments are the rows of src/anesim/api/program_fields.def.
py::object load_program(const py::args& args, const py::kwargs& kwargs) {
  const api::ProgramRequest r =
      request_from_arguments<api::ProgramRequest>("load_program", args, kwargs);
  return to_python(interruptible([&] { return present::program_json(api::read_program(r)); }));
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
  static py::exception<anesim::NeedsSimulation> needs(m, "NeedsSimulationError",
                                                      PyExc_RuntimeError);
  usage.attr("__doc__") =
      "A bad argument value; the message names the argument (task_lines), where the command "
      "line names its option (--task-lines).";
  config.attr("__doc__") = "A bad machine description: file:line:column: field: what (exit 3).";
  input.attr("__doc__") = "A bad model file or dict: file:line:column: field: what (exit 5).";
  failed.attr("__doc__") = "A run that failed: max_cycles reached, an RTL assertion, a lost line.";
  needs.attr("__doc__") =
      "simulate='never' and the timing table does not answer: the message names the run.";
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
    } catch (const anesim::NeedsSimulation& e) {
      needs(anesim::printable_whole(e.what()).c_str());
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
  {
    // The docstring's first line is the signature the field table gives.
    py::options signature_from_table;
    signature_from_table.disable_function_signatures();
    m.def("run", &run,
          request_doc<anesim::api::RunRequest>(
              "One simulation; returns the dict `anesim --json` prints (same keys, same "
              "values). Each keyword is the option of the same name (task_lines: "
              "--task-lines). The GIL is released while the simulation runs.")
              .c_str());
  }
  bind_advise(m);
  bind_operations(m);
  m.def("load_model", &load_model, py::arg("model"), R"doc(
The transfers a model streams per decoded token, without simulating: a dict
with name, display_name, source, layers, element_bytes, parameters (the
reader's parameter_count), dtype, transfers (name,
cin, cout, count, dtype, kernel, groups) and left_out. model as for advise_model.)doc");
  {
    py::options signature_from_table;
    signature_from_table.disable_function_signatures();
    m.def("load_program", &load_program,
          request_doc<anesim::api::ProgramRequest>(
              "A compiled Core ML program (.mlmodelc, a folder of them, a .mil file) as the "
              "kernel DMA sees it, without simulating: the dict of `anesim program PATH --json` "
              "(docs/program-format.md). Every call that takes a model takes a program's path "
              "too.",
              "", "load_program")
              .c_str());
  }
  m.def("variants", &variants,
        "The ring variants: name, summary, RTL parameters, never_starves "
        "(sim/ring/ring_variants.def).");
  {
    py::options signature_from_table;
    signature_from_table.disable_function_signatures();
    m.def("chips", &chips,
          request_doc<anesim::api::ChipsRequest>(
              "Every chip chip= accepts: the list `anesim chips --json` prints (name, family, "
              "devices, generation, memory, peak_gbps, ring, affected, verdict, confidence, "
              "evidence, verdict_from); device='iPhone 15 Pro': only the chip that device ships "
              "with.")
              .c_str());
  }
  m.def("generations", &generations,
        "The Neural Engine generations as the registry states them: the list `anesim chips "
        "--generations --json` prints (name, ring, affected, verdict, confidence, evidence, "
        "chips).");
  m.def(
      "presets", [] { return anesim::model_preset_names(); },
      "The model preset names (configs/models/).");
}
