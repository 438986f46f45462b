#include <anesim/api/machine_choice.h>

#include <anesim/machine/machine_config_reader.h>

namespace anesim::api {

MachineConfig load_machine(const MachineChoice& choice) {
  return choice.machine ? *choice.machine : load_config_or_builtin(choice.config);
}

}  // namespace anesim::api
