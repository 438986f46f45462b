// The cycle that never comes: "no event" in every next_event().
#pragma once

#include <cstdint>
#include <limits>

namespace anesim {

constexpr uint64_t kNever = std::numeric_limits<uint64_t>::max();

}  // namespace anesim
