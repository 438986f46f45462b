#include <anesim/analysis/step/engine_drain.h>

namespace anesim {

double drain_cycles_per_line(const MachineConfig& cfg, const WeightFormat& f) {
  const auto it = cfg.ane.drain_gweights_per_s.find(dtype_name(f.dtype));
  if (it == cfg.ane.drain_gweights_per_s.end()) return 0;
  const double weights_per_line = 512.0 / dtype_bits(f.dtype);
  // G weights/s = weights per ns; a cycle lasts 1000 / clock_mhz ns.
  return weights_per_line / it->second * cfg.dram.clock_mhz / 1000.0;
}

}  // namespace anesim
