// Reads a machine description (configs/*.yaml) into a MachineConfig.
// Strict: unknown keys, repeated keys, missing keys, wrong types and
// physically impossible values are errors naming the file, line, column and
// field. Anchors and aliases are ordinary YAML and accepted. Every error is
// a ConfigError; no other exception escapes parse_config (fuzzed).
#pragma once

#include <cstddef>
#include <string>

#include <anesim/io/errors.h>  // IWYU pragma: export (what the readers throw)
#include <sim/base/machine_config.h>

namespace YAML {
class Node;
}

namespace anesim {

// Larger files are refused unread (the shipped one is about 4 KiB).
constexpr size_t kMaxConfigBytes = 1 << 20;

// The keys of ane.drain: the stored formats of src/anesim/model/weight_format.h
// (a test keeps the two lists equal).
constexpr const char* kDrainFormats[] = {"fp16",     "bf16",     "fp32", "int8", "uint8",
                                         "fp8_e4m3", "fp8_e5m2", "lut4", "lut6", "int4",
                                         "lut1",     "lut2",     "lut3", "lut8"};

// The M3 Air description compiled into the binary (same text as
// configs/chips/m3-air.yaml).
MachineConfig builtin_config();
MachineConfig load_config_file(const std::string& path);
// The file at `path`, or the built-in description when `path` is empty.
MachineConfig load_config_or_builtin(const std::string& path);
// `origin` names the text in messages (a file name or "<built-in>").
// A description that says `base:` is merged over its base first
// (src/anesim/machine/config_overlay.h).
MachineConfig parse_config(const std::string& text, const std::string& origin);
// A document already merged over its base (config_overlay.cpp uses it to
// check a base on its own).
MachineConfig parse_merged_config(const YAML::Node& root, const std::string& origin);

}  // namespace anesim
