#include <sim/memory/memory_system.h>

#include <stdexcept>

#include <sim/memory/dram_memory_system.h>
#include <sim/memory/memory_targets.h>
#include <sim/memory/tlm_memory_system.h>

namespace anesim {

std::unique_ptr<MemorySystem> make_memory_system(const MachineConfig& cfg, MemoryCoupling coupling,
                                                 TlmObserver* observer) {
  if (coupling == MemoryCoupling::kTlm) {
    return std::make_unique<TlmMemorySystem>(cfg, observer);
  }
  // Direct calls reach only the DRAM channels: any other target would be
  // silently replaced by them.
  if (!memory_target(cfg).direct()) {
    throw std::invalid_argument("memory.target " + cfg.memory.target +
                                " is not reached by direct calls: it needs the tlm coupling");
  }
  return std::make_unique<DramMemorySystem>(cfg);
}

long double memory_progress_cycles(const MachineConfig& cfg, long double ahead) {
  // In long double: every term is at most 2^32 and the product of three of
  // them still fits, so nothing wraps.
  const DramTimings& t = cfg.dram.t;
  const long double row_miss = static_cast<long double>(t.rp) + t.ras + t.rcd + t.rtp + t.rl +
                               t.burst + t.ccd + t.rrd + t.faw;
  // All-bank: one tRFCab; per-bank: the whole debt a channel may owe.
  const long double refresh =
      t.refi == 0 ? 0.0L
                  : static_cast<long double>(t.rp) + t.rfc +
                        8.0L * (static_cast<long double>(t.rfcpb) + t.pbr2pbr) + t.pbr2act;
  return ahead * (row_miss + refresh) + memory_target(cfg).progress_cycles(cfg, ahead);
}

}  // namespace anesim
