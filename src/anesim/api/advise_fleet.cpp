#include <anesim/api/advise_fleet.h>
#include <anesim/api/declared_inputs.h>

#include <algorithm>

#include <fmt/format.h>

#include <anesim/api/model_source.h>
#include <anesim/io/atomic_output.h>
#include <anesim/io/errors.h>
#include <anesim/io/file_signature.h>
#include <anesim/io/path_identity.h>
#include <anesim/io/text_functions.h>
#include <anesim/machine/chip_registry.h>

namespace anesim::api {

std::vector<std::string> fleet_chip_names(const std::string& text, const std::string& field) {
  std::vector<std::string> names;
  if (std::optional<std::vector<std::string>> group = chip_group(text)) {
    return *group;  // all, macs, iphones, ipads
  }
  size_t start = 0;
  while (start <= text.size()) {
    const size_t end = std::min(text.find(',', start), text.size());
    const std::string name = text.substr(start, end - start);
    if (name.empty()) {
      throw FieldError(field, fmt::format("{}: '{}' has an empty chip name (give NAME,NAME,... "
                                          "or all)",
                                          field_mark(field), printable(text)));
    }
    chip_config_path(name, field);  // an unknown name, with the known ones
    if (std::find(names.begin(), names.end(), name) != names.end()) {
      throw FieldError(
          field, fmt::format("{}: chip '{}' is given twice", field_mark(field), printable(name)));
    }
    names.push_back(name);
    start = end + 1;
  }
  return names;
}

namespace {

FleetChip advise_chip(const AdviseRequest& base, const std::string& name,
                      const std::vector<uint32_t>& price_splits) {
  AdviseRequest r = base;
  r.machine = MachineChoice{};
  r.chips.reset();
  r.machine.config = chip_config_path(name, "chips");
  r.csv.clear();
  r.price_splits = price_splits;
  if (!r.progress_label.empty()) r.progress_label += " " + name;
  const ChipEntry entry = *find_chip(name);
  AdviseResult a = advise(r);
  return FleetChip{name, entry.affected, entry.confidence, std::move(a.table), std::move(a.model)};
}

}  // namespace

FleetAdviseRequest fleet_request(const AdviseRequest& request) {
  FleetAdviseRequest f;
  f.advise = request;
  f.advise.chips.reset();
  f.advise.csv.clear();
  f.chips = request.chips.value_or(std::vector<std::string>{});
  f.csv = request.csv;
  return f;
}

FleetAdviseResult advise_fleet(const FleetAdviseRequest& request) {
  const SignatureScope one_view_of_each_file;
  if (request.chips.empty()) {
    throw FieldError("chips", fmt::format("{}: give at least one chip", field_mark("chips")));
  }
  for (const std::string& name : request.chips) {
    chip_config_path(name, "chips");
    if (std::count(request.chips.begin(), request.chips.end(), name) > 1) {
      throw FieldError("chips", fmt::format("{}: chip '{}' is given twice", field_mark("chips"),
                                            printable(name)));
    }
  }
  AdviseRequest base = request.advise;
  DeclaredInputs inputs;
  inputs.model(base.model.name, field_mark("model"));
  for (const std::string& name : request.chips) {
    inputs.description(chip_config_path(name, "chips"), fmt::format("chip {}", name));
  }
  refuse_overwriting_inputs(inputs, {{field_mark("csv"), request.csv}});
  // The model is read once, before any simulation, for every chip.
  if (!base.model.name.empty() && !base.model.description) {
    base.model.description = load_model(base.model.name);
    base.model.name.clear();
  }
  if (!request.csv.empty()) check_writable_directory(request.csv);

  std::vector<FleetChip> chips;
  for (const std::string& name : request.chips) chips.push_back(advise_chip(base, name, {}));
  const std::vector<uint32_t> splits = fleet_splits(chips);
  // A second pass prices the fleet's splits on every chip (tables and cache answer the rest).
  if (std::any_of(splits.begin(), splits.end(), [](uint32_t s) { return s >= 2; })) {
    for (FleetChip& c : chips) c = advise_chip(base, c.name, splits);
  }
  FleetAdviseResult out;
  if (chips.front().model) {
    out.title = chips.front().model->model.display_name;
  } else {
    const Transfer& t = chips.front().advice.rows.front().transfer;
    out.title = fmt::format("D = {}, N = {} ({})", t.cin, t.cout, format_text(t.format));
  }
  out.fleet = combine_fleet(std::move(chips));
  return out;
}

}  // namespace anesim::api
