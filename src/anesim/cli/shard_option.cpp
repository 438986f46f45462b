#include <anesim/cli/shard_option.h>

#include <fmt/format.h>

#include <anesim/io/errors.h>
#include <anesim/io/text_functions.h>

namespace anesim {

const CLI::Validator& shard_text_check() {
  static const CLI::Validator not_empty(
      [](std::string& s) {
        return s.empty() ? std::string("expected I/N, got an empty string") : std::string();
      },
      "I/N", "ShardText");
  return not_empty;
}

void add_shard_option(CLI::App& cmd, std::string& text) {
  cmd.add_option("--shard", text,
                 "run only shard I of N (round-robin by point) and write it to --csv as a part "
                 "for `anesim merge`")
      ->check(shard_text_check());
}

Shard parse_shard_option(const std::string& text) {
  const std::optional<Shard> s = read_shard(text);
  if (!s) {
    throw UsageError(fmt::format("--shard: '{}' is not I/N with 1 <= I <= N <= {}",
                                 printable(text, 40), kMaxShards));
  }
  return *s;
}

}  // namespace anesim
