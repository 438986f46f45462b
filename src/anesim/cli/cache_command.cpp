#include <anesim/cli/cache_command.h>

#include <cstdio>
#include <string>

#include <fmt/format.h>

#include <anesim/api/cache.h>
#include <anesim/cli/exit_codes.h>
#include <anesim/cli/field_errors.h>
#include <anesim/io/json.h>
#include <anesim/io/text_functions.h>

namespace anesim {

CLI::App* add_cache_command(CLI::App& app, CacheOptions& opt) {
  CLI::App* cmd = app.add_subcommand(
      "cache",
      "show the on-disk result cache ($XDG_CACHE_HOME/anesim or ~/.cache/anesim): its limit "
      "(ANESIM_CACHE_LIMIT_MB, default 256), size and scopes; --clear empties it");
  add_field_options<api::CacheRequest>(*cmd, opt.fields);
  cmd->add_flag("--json", opt.json, "print a JSON object instead of the table");
  return cmd;
}

int cache_command(const CacheOptions& opt) {
  const api::CacheRequest request = field_request<api::CacheRequest>(opt.fields);
  std::string text;
  if (request.clear) {
    const CacheSummary before = call_library({}, [] { return api::cache_info(); });
    const uint64_t freed = call_library({}, [] { return api::clear_cache(); });
    Json j;
    j["directory"] = printable_whole(before.directory);
    j["freed_bytes"] = freed;
    text = opt.json ? j.dump(2) + "\n"
                    : fmt::format("cleared {}: {} entries, {} bytes freed\n",
                                  printable(before.directory), before.entries, freed);
  } else {
    const CacheSummary s = call_library({}, [] { return api::cache_info(); });
    if (opt.json) {
      Json j;
      j["directory"] = printable_whole(s.directory);
      j["limit_bytes"] = s.limit_bytes;
      j["bytes"] = s.bytes;
      j["entries"] = s.entries;
      j["scopes"] = Json::array();
      for (const CacheSummary::Scope& c : s.scopes) {
        j["scopes"].push_back({{"name", c.name},
                               {"bytes", c.bytes},
                               {"entries", c.entries},
                               {"current_model", c.current_model}});
      }
      text = j.dump(2) + "\n";
    } else if (s.directory.empty()) {
      text = "no cache: neither XDG_CACHE_HOME nor HOME is set\n";
    } else {
      text = fmt::format("cache    {}\nlimit    {} MiB\nholds    {} entries, {:.2f} MiB\n",
                         printable(s.directory), s.limit_bytes >> 20, s.entries,
                         static_cast<double>(s.bytes) / (1 << 20));
      if (!s.scopes.empty()) {
        text += fmt::format("{:<34} {:>8} {:>12}  {}\n", "scope (oldest first)", "entries", "bytes",
                            "model code");
      }
      for (const CacheSummary::Scope& c : s.scopes) {
        text += fmt::format("{:<34} {:>8} {:>12}  {}\n", c.name, c.entries, c.bytes,
                            c.current_model ? "this build" : "another build");
      }
    }
  }
  if (std::fputs(text.c_str(), stdout) < 0 || std::fflush(stdout) != 0) {
    std::fprintf(stderr, "anesim cache: error: cannot write to standard output\n");
    return kExitOutput;
  }
  return kExitOk;
}

}  // namespace anesim
