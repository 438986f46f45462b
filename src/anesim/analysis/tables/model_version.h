// The model code's version: a hash of the sources that set simulated times
// (cmake/ModelVersionHash.cmake), stored in timing tables and cache keys.
#pragma once

namespace anesim {
extern const char* const kModelVersion;
}
