#include <anesim/cli/usage_errors.h>

#include <CLI/CLI.hpp>

#include <fmt/format.h>

#include <anesim/io/text_functions.h>

namespace anesim {

namespace {

// The subcommand given, "" for the plain run.
std::string subcommand_of(const CLI::App* app) {
  for (const CLI::App* sub : app->get_subcommands()) {
    return sub->get_name();
  }
  return {};
}

}  // namespace

std::string usage_failure_message(const CLI::App* app, const CLI::Error& e) {
  const std::string sub = subcommand_of(app);
  const std::string command = sub.empty() ? "anesim" : "anesim " + sub;
  std::string what = e.what();
  if (dynamic_cast<const CLI::ExtrasError*>(&e) != nullptr) {
    std::string given;
    for (const std::string& a : app->remaining(true)) {
      given += (given.empty() ? "" : " ") + printable(a, 80);
    }
    what = fmt::format("{} takes no such argument{}: {}", command,
                       app->remaining_size(true) == 1 ? "" : "s", given);
  } else if (dynamic_cast<const CLI::RequiredError*>(&e) != nullptr &&
             ends_with(what, " is required") && what.rfind("--", 0) != 0) {
    // A positional ("files is required"): say what to give.
    what = fmt::format("{} needs its {} (none given)", command,
                       what.substr(0, what.size() - std::string(" is required").size()));
  }
  // CLI11's count check: "--chip: At Most 1 required but received 2".
  const size_t at_most = what.find(": At Most 1 required but received ");
  if (dynamic_cast<const CLI::ArgumentMismatch*>(&e) != nullptr && at_most != std::string::npos) {
    const std::string times = what.substr(at_most + 34);
    what = fmt::format("{}: given {} times; give it once", what.substr(0, at_most), times);
  }
  return fmt::format("anesim: error: {} (see {} --help)\n", printable(what), command);
}

}  // namespace anesim
