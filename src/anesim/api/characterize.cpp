#include <anesim/api/characterize.h>
#include <anesim/api/declared_inputs.h>

#include <fmt/format.h>

#include <anesim/analysis/tables/characterize.h>
#include <anesim/analysis/tables/table_lookup.h>
#include <anesim/io/atomic_output.h>
#include <anesim/io/count_text.h>
#include <anesim/io/errors.h>

namespace anesim::api {

CharacterizeResult characterize(const CharacterizeRequest& r) {
  check_count_field(r.jobs, "jobs", 1, 256);
  const std::string path = description_path(r.machine);
  CharacterizeResult out;
  out.path = r.out.empty() ? table_path_for(path) : r.out;
  if (out.path.empty()) {
    throw FieldError("out", fmt::format("no data directory for the built-in description's table: "
                                        "give {}",
                                        field_mark("out")));
  }
  // Checked before the simulation: the table may replace an old table, not
  // the description or anything it stands on.
  DeclaredInputs inputs;
  if (!r.machine.machine) inputs.description(r.machine.config, field_mark("config"), false);
  refuse_overwriting_inputs(inputs, {{field_mark("out"), out.path}});
  const MachineConfig cfg = load_machine(r.machine);
  check_writable_directory(out.path);
  CharacterizeSettings s;
  s.config_path = r.machine.config;
  s.description_text = description_text(r.machine);
  s.description_name = path.empty() ? "<built-in m3-air>" : path;
  s.jobs = static_cast<unsigned>(r.jobs);
  s.progress_label = r.progress_label;
  out.table = anesim::characterize(cfg, s);
  // The sampled points of every part: the kernel DMA alone and each drain rate.
  const auto points = [](const TimingTable& t) {
    size_t n = t.fix.size() + t.aligned_extra.size() + t.off_lap_extra.size() +
               t.notch.size() * t.notch_x.size();
    for (const auto& [s, c] : t.split_extra) n += c.size();
    return n;
  };
  out.points = points(out.table);
  for (const TimingTable& d : out.table.drained) out.points += points(d);
  return out;
}

}  // namespace anesim::api
