#include <anesim/python/python_operations.h>

#include <algorithm>

#include <fmt/format.h>

#include <anesim/api/calibrate.h>
#include <anesim/api/characterize.h>
#include <anesim/api/decode.h>
#include <anesim/api/replay.h>
#include <anesim/api/report.h>
#include <anesim/api/sweep.h>
#include <anesim/io/errors.h>
#include <anesim/io/text_functions.h>
#include <anesim/present/calibration_output.h>
#include <anesim/present/characterize_output.h>
#include <anesim/present/decode_output.h>
#include <anesim/present/replay_output.h>
#include <anesim/present/report_output.h>
#include <anesim/present/sweep_output.h>
#include <anesim/python/interruptible.h>
#include <anesim/python/python_fields.h>
#include <anesim/python/python_values.h>

namespace anesim::python {

namespace {

// A dict of equal-length lists: the numeric ones as numpy arrays when numpy
// imports, so that a notebook plots and computes with them directly.
py::object as_arrays(const Json& columns) {
  py::dict out = to_python(columns);
  py::object numpy;
  try {
    numpy = py::module_::import("numpy");
  } catch (const py::error_already_set&) {
    return std::move(out);  // plain lists
  }
  for (const auto& [name, values] : columns.items()) {
    if (!values.empty() && !values.front().is_string()) {
      out[py::str(name)] = numpy.attr("asarray")(out[py::str(name)]);
    }
  }
  return std::move(out);
}

// The swept range, bound by hand (src/anesim/api/sweep_fields.def says why): axis,
// first, last and step lead, by position or keyword; the rest is the table.
py::object sweep(const py::args& args, py::kwargs kwargs) {
  const char* const names[] = {"axis", "first", "last", "step"};
  py::object range[] = {py::none(), py::none(), py::none(), py::int_(1)};
  const size_t leading = std::min<size_t>(args.size(), 4);
  for (size_t i = 0; i < 4; ++i) {
    if (i < leading) range[i] = args[i];
    if (!kwargs.contains(names[i])) continue;
    if (i < leading) {
      throw py::type_error(fmt::format("sweep() got multiple values for argument '{}'", names[i]));
    }
    range[i] = kwargs[names[i]];
    PyDict_DelItemString(kwargs.ptr(), names[i]);
  }
  for (size_t i = 0; i < 3; ++i) {
    if (range[i].is_none()) {
      throw py::type_error(fmt::format("sweep() missing required argument '{}'", names[i]));
    }
  }
  py::tuple tail(args.size() - leading);
  for (size_t i = leading; i < args.size(); ++i) tail[i - leading] = args[i];
  const auto rest = py::reinterpret_borrow<py::args>(tail);
  api::SweepRequest r = request_from_arguments<api::SweepRequest>("sweep", rest, kwargs);
  const std::string axis = text_argument(range[0], "axis");
  const SweepAxis axes[] = {SweepAxis::kLines, SweepAxis::kX,     SweepAxis::kCin,
                            SweepAxis::kCout,  SweepAxis::kCores, SweepAxis::kSplit};
  bool known = false;
  for (const SweepAxis a : axes) {
    if (axis == axis_name(a)) r.axis = a, known = true;
  }
  if (!known) {
    throw UsageError(fmt::format("axis: '{}' is not one of lines, x, cin, cout, cores, split",
                                 printable_whole(axis)));
  }
  // x may be negative: the range is plain ints, as FIRST:LAST:STEP is.
  r.range = {range[1].cast<int64_t>(), range[2].cast<int64_t>(), range[3].cast<int64_t>()};
  const Json j = interruptible([&] { return present::sweep_columns_json(api::sweep(r).result); });
  py::dict out = to_python(j);
  out["columns"] = as_arrays(j["columns"]);
  return std::move(out);
}

py::object replay(const py::args& args, const py::kwargs& kwargs) {
  const api::ReplayRequest r = request_from_arguments<api::ReplayRequest>("replay", args, kwargs);
  return to_python(interruptible([&] { return present::replay_json(api::replay(r).result); }));
}

// decode()'s arguments are the rows of src/anesim/api/decode_fields.def.
py::object decode(const py::args& args, const py::kwargs& kwargs) {
  api::DecodeRequest r = request_from_arguments<api::DecodeRequest>("decode", args, kwargs);
  return to_python(interruptible([&] { return present::decode_json(api::decode(r)); }));
}

// calibrate()'s arguments are the rows of src/anesim/api/calibrate_fields.def.
py::object calibrate(const py::args& args, const py::kwargs& kwargs) {
  api::CalibrateRequest r =
      request_from_arguments<api::CalibrateRequest>("calibrate", args, kwargs);
  r.command_line = "anesim.calibrate()";
  const auto [summary, text] = interruptible([&] {
    const api::CalibrateOutcome o = api::calibrate(r, [](const CalibrationStep&) {});
    return std::make_pair(present::calibration_summary(o, r), o.fitted_text);
  });
  py::dict out = to_python(summary);
  // Each key Python adds, as calibrate_keys.def declares it, in its order.
#define ANESIM_RESULT_KEY(key, type, when, value, ...) \
  if (when) out[#key] = value;
#include <anesim/python/calibrate_keys.def>
#undef ANESIM_RESULT_KEY
  return std::move(out);
}

// characterize()'s keywords are the rows of characterize_fields.def, and
// write: the table to its path too.
py::object characterize(const py::args& args, py::kwargs kwargs) {
  bool write = false;
  if (kwargs.contains("write")) {
    const py::object w = kwargs["write"];
    if (!py::isinstance<py::bool_>(w)) {
      throw py::type_error(fmt::format("write: expected bool, got {}", type_name(w)));
    }
    write = w.cast<bool>();
    PyDict_DelItemString(kwargs.ptr(), "write");
  }
  const api::CharacterizeRequest r =
      request_from_arguments<api::CharacterizeRequest>("characterize", args, kwargs);
  return to_python(interruptible([&] {
    const api::CharacterizeResult c = api::characterize(r);
    if (write) present::write_timing_table(c);
    return present::characterize_json(c);
  }));
}

// report()'s arguments are the rows of src/anesim/api/report_fields.def.
py::object report(const py::args& args, const py::kwargs& kwargs) {
  const api::ReportRequest r = request_from_arguments<api::ReportRequest>("report", args, kwargs);
  const api::ReportResult done = interruptible([&] {
    api::ReportResult built = api::report(r);
    present::publish_report(built);
    return built;
  });
  return to_python(present::report_json(done));
}

}  // namespace

void bind_operations(py::module_& m) {
  {
    py::options signature_from_table;
    signature_from_table.disable_function_signatures();
    m.def("sweep", &sweep,
          request_doc<api::SweepRequest>(
              "One workload parameter over a range, ring variants side by side: `anesim sweep "
              "--AXIS-range FIRST:LAST:STEP`. axis: lines, x (with laps), cin, cout, cores or "
              "split. Returns axis, config, ane_cores and columns: the CSV's columns (value, "
              "variant, k, x, ..., time_us, gbps, ane_gbps, notch), numeric ones as numpy "
              "arrays (lists without numpy).",
              "axis, first, last, step=1")
              .c_str());
  }
  {
    py::options signature_from_table;
    signature_from_table.disable_function_signatures();
    m.def("replay", &replay,
          request_doc<api::ReplayRequest>(
              "Every record of device traces simulated and compared with its measured time: "
              "the dict of `anesim replay FILES --json` (rows, curves, overall).")
              .c_str());
  }
  {
    py::options signature_from_table;
    signature_from_table.disable_function_signatures();
    m.def("decode", &decode,
          request_doc<api::DecodeRequest>(
              "One decoded token of a model simulated as one run, before and after a split "
              "policy: the dict of `anesim decode --model M --json`. model as for advise_model.")
              .c_str());
  }
  {
    py::options signature_from_table;
    signature_from_table.disable_function_signatures();
    m.def("calibrate", &calibrate,
          request_doc<api::CalibrateRequest>(
              "Free keys of a description fitted to device traces: the summary `anesim "
              "calibrate --json` prints, and description, the fitted description's text "
              "(nothing is written). free: {\"fabric.port_cycles_per_line\": (8, 20), ...}.")
              .c_str());
  }
  {
    py::options signature_from_table;
    signature_from_table.disable_function_signatures();
    m.def("characterize", &characterize,
          request_doc<api::CharacterizeRequest>(
              "A description's timing table, simulated: path (where `anesim characterize` "
              "writes it), points, and table (the file's JSON). write=True (a keyword) writes "
              "it there too.")
              .c_str());
  }
  {
    py::options signature_from_table;
    signature_from_table.disable_function_signatures();
    m.def("report", &report,
          request_doc<api::ReportRequest>(
              "Regenerates the validation report and its plots (`anesim report`): writes out "
              "and its img/ folder, all or nothing; returns document and img_dir.")
              .c_str());
  }
}

}  // namespace anesim::python
