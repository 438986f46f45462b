// Reads and rewrites single values of a machine description's text, keeping
// every comment and the layout: what `anesim calibrate` needs to try a
// candidate and to write the fitted file. Keys are dotted paths
// ("fabric.port_cycles_per_line").
#pragma once

#include <map>
#include <string>

namespace anesim {

// The value of `key` as written (e.g. "15"); throws ConfigError naming the
// key when it is missing or not a single value.
std::string config_value_text(const std::string& text, const std::string& origin,
                              const std::string& key);

// `text` with each key's value replaced (comments and layout kept). Throws
// ConfigError when a key is missing.
std::string with_config_values(const std::string& text, const std::string& origin,
                               const std::map<std::string, std::string>& values);

// `text` with `key` ("section.name") added as the first entry of its
// top-level section, `value` as written: how calibrate frees an optional key
// the description leaves out. Throws ConfigError when the section is missing
// or the key is already there.
std::string with_inserted_key(const std::string& text, const std::string& origin,
                              const std::string& key, const std::string& value);

// `text` with `note` (one or more lines, each written as a comment) at the
// top, replacing an earlier note written the same way.
std::string with_header_note(const std::string& text, const std::string& note);

// `text` with `comment` placed before the existing comment on `key`'s line.
std::string with_key_comment(const std::string& text, const std::string& origin,
                             const std::string& key, const std::string& comment);

}  // namespace anesim
