#include <anesim/api/machine_choice.h>

#include <anesim/io/errors.h>
#include <anesim/io/text_file.h>
#include <anesim/machine/builtin_config.h>
#include <anesim/machine/machine_config_reader.h>

namespace anesim::api {

MachineConfig load_machine(const MachineChoice& choice) {
  return choice.machine ? *choice.machine : load_config_or_builtin(choice.config);
}

std::string description_text(const MachineChoice& choice) {
  if (choice.machine) return choice.text;
  if (choice.config.empty()) return kBuiltinConfigYaml;
  std::string why;
  const std::optional<std::string> t = read_text_file(choice.config, 16u << 20, "config file", why);
  if (!t) throw ConfigError(why);
  return *t;
}

std::string description_path(const MachineChoice& choice) {
  if (!choice.machine) return choice.config;
  const std::string& s = choice.machine->source;
  return s.rfind("<built-in", 0) == 0 ? "" : s;
}

}  // namespace anesim::api
