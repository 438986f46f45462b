// Checks several requests share: the transfer size, a layer shape, the
// active cores, variant names. Each throws FieldError naming the request's
// field (src/anesim/io/errors.h), in the command line's long-standing words.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <sim/base/machine_config.h>
#include <sim/base/ring_variant_id.h>

namespace anesim::api {

// A layer X[1,cin] x W[cin,cout] and its lines per core.
struct LayerShape {
  uint64_t cin = 0, cout = 0;
  uint32_t lines_per_core = 0;
};
// cin and cout within 1..2^32-1 and a per-core transfer below 2^32 lines.
LayerShape check_shape(uint64_t cin, uint64_t cout);

// Lines per core: `lines`, or the layer cin x cout (both, not with lines).
uint32_t check_size(const std::optional<uint64_t>& lines, const std::optional<uint64_t>& cin,
                    const std::optional<uint64_t>& cout);

// Active cores, 1..16 and at most the machine's; unset: all of them.
uint32_t check_cores(const std::optional<uint64_t>& cores, const MachineConfig& cfg,
                     const std::string& field = "cores");

// A variant by name, as Python and model files spell it.
RingVariant variant_named(const std::string& name, const std::string& field);
// Each variant once.
void check_distinct(const std::vector<RingVariant>& variants, const std::string& field);
// What an FFT removes first: "mean" or "linear" (sweep's and merge's detrend).
void check_detrend(const std::string& detrend);

}  // namespace anesim::api
