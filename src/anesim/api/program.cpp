#include <anesim/api/program.h>

#include <anesim/api/machine_choice.h>
#include <anesim/io/errors.h>
#include <anesim/io/file_signature.h>
#include <anesim/model/compiled_program.h>

namespace anesim::api {

ProgramReport read_program(const ProgramRequest& r) {
  const SignatureScope one_view_of_each_file;
  if (r.path.empty()) {
    throw FieldError("path", field_mark("path") +
                                 ": expected a compiled program (.mlmodelc or deployment folder, "
                                 "or a .mil file)");
  }
  const ChosenMachine chosen = choose_machine(r.machine, true);
  const MachineConfig& cfg = chosen.machine();
  const std::shared_ptr<const TimingTable> table = chosen.table;
  return program_report(load_compiled_program(r.path), cfg.source, cfg.ane.ring_variant,
                        table.get());
}

}  // namespace anesim::api
