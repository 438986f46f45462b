#include <anesim/api/machine_choice.h>

#include <anesim/analysis/tables/result_cache.h>
#include <anesim/analysis/tables/table_lookup.h>
#include <anesim/io/text_file.h>
#include <anesim/machine/builtin_config.h>
#include <anesim/machine/machine_config_reader.h>

namespace anesim::api {

MachineConfig load_machine(const MachineChoice& choice) {
  return choice.machine ? *choice.machine : load_config_or_builtin(choice.config);
}

ChosenMachine choose_machine(const MachineChoice& choice, bool with_derived_data) {
  ChosenMachine c;
  if (!choice.machine) {
    c.loaded = loaded_description(choice.config);
    if (with_derived_data) {
      c.table = c.loaded->timing_table();
      c.cache_scope = c.loaded->cache_scope;
    }
    return c;
  }
  c.given = *choice.machine;
  if (with_derived_data && !choice.text.empty()) {
    c.table = find_timing_table(description_path(choice), choice.text, *c.given);
    c.cache_scope = cache_scope(choice.text, description_path(choice));
  }
  return c;
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
