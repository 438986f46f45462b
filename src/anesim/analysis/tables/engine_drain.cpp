#include <anesim/analysis/tables/engine_drain.h>

#include <algorithm>
#include <cmath>

namespace anesim {

namespace {

double cycles_per_line(const MachineConfig& cfg, Dtype d, double gweights_per_s) {
  const double weights_per_line = 512.0 / dtype_bits(d);
  // G weights/s = weights per ns; a cycle lasts 1000 / clock_mhz ns.
  return weights_per_line / gweights_per_s * cfg.dram.clock_mhz / 1000.0;
}

}  // namespace

double drain_cycles_per_line(const MachineConfig& cfg, const WeightFormat& f) {
  const auto it = cfg.ane.drain_gweights_per_s.find(dtype_name(f.dtype));
  if (it == cfg.ane.drain_gweights_per_s.end()) return 0;
  return cycles_per_line(cfg, f.dtype, it->second);
}

bool same_drain(double a, double b) { return std::abs(a - b) <= 1e-9 * std::max(a, b); }

std::vector<DrainRate> drain_rates(const MachineConfig& cfg) {
  std::vector<DrainRate> rates;
  for (const auto& [name, gweights] : cfg.ane.drain_gweights_per_s) {
    const std::optional<Dtype> d = dtype_named(name);
    if (!d) continue;  // the reader admits only stored formats
    const double c = cycles_per_line(cfg, *d, gweights);
    const auto it = std::find_if(rates.begin(), rates.end(), [c](const DrainRate& r) {
      return same_drain(r.cycles_per_line, c);
    });
    if (it != rates.end()) {
      it->formats.push_back(name);
    } else {
      rates.push_back({c, {name}});
    }
  }
  std::sort(rates.begin(), rates.end(), [](const DrainRate& a, const DrainRate& b) {
    return a.cycles_per_line < b.cycles_per_line;
  });
  return rates;
}

}  // namespace anesim
