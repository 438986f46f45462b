// The text of configs/chips/m3-air.yaml, compiled in by CMake (builtin_config.cpp.in)
// so that `anesim` runs with no config file.
#pragma once

namespace anesim {
extern const char* const kBuiltinConfigYaml;
}
