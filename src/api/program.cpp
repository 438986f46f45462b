#include <anesim/api/program.h>

#include <anesim/analysis/tables/table_lookup.h>
#include <anesim/io/errors.h>
#include <anesim/model/compiled_program.h>

namespace anesim::api {

ProgramReport read_program(const ProgramRequest& r) {
  if (r.path.empty()) {
    throw FieldError("path", field_mark("path") +
                                 ": expected a compiled program (.mlmodelc or deployment folder, "
                                 "or a .mil file)");
  }
  const MachineConfig cfg = load_machine(r.machine);
  std::shared_ptr<const TimingTable> table;
  const std::string text = description_text(r.machine);
  if (!text.empty()) table = find_timing_table(description_path(r.machine), text, cfg);
  return program_report(load_compiled_program(r.path), cfg.source, cfg.ane.ring_variant,
                        table.get());
}

}  // namespace anesim::api
