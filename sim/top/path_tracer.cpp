#include <sim/top/path_tracer.h>

#include <verilated_vcd_c.h>

#include <algorithm>
#include <set>

#include <fmt/format.h>

#include <sim/dram/dram_address_map.h>
#include <sim/dram/dram_channel.h>

namespace anesim {

namespace {

int bits_for(uint64_t max_value) {
  int bits = 1;
  while (bits < 32 && (max_value >> bits) != 0) {
    ++bits;
  }
  return bits;
}

}  // namespace

std::vector<std::vector<uint32_t>> banks_touched(const MachineConfig& cfg,
                                                 const std::vector<std::vector<Task>>& tasks) {
  const DramAddressMap map(cfg.dram);
  std::vector<std::set<uint32_t>> seen(cfg.dram.channels);
  for (const auto& core : tasks) {
    for (const Task& t : core) {
      for (uint32_t i = 0; i < t.lines; ++i) {
        const DramCoord at = map.map(t.start_line + i);
        seen[at.channel].insert(at.bank);
      }
    }
  }
  std::vector<std::vector<uint32_t>> out;
  for (const auto& s : seen) {
    out.emplace_back(s.begin(), s.end());
  }
  return out;
}

PathTracer::PathTracer(const MachineConfig& cfg, uint32_t cores,
                       std::vector<std::vector<uint32_t>> banks)
    : cores_(cores),
      burst_cycles_(cfg.dram.t.burst),
      read_latency_(cfg.dram.t.rl),
      banks_(std::move(banks)),
      bursts_(banks_.size()) {
  // Declaration order is sampling order: sample() fills values_ the same way.
  const int credit_bits = bits_for(cfg.fabric.credits_per_core);
  const int kmem_bits = bits_for(cfg.ane.kmem_lines);
  for (uint32_t c = 0; c < cores; ++c) {
    const std::string scope = fmt::format("fabric core{:02d}", c);
    add(scope, "credits_used", credit_bits);
    add(scope, "port_busy", 1);
    add(scope, "req_sent", 1);
    add(scope, "req_line", 32);
    add(scope, "in_flight", kmem_bits);
  }
  const int depth_bits = bits_for(cfg.dram.queue_depth);
  const int bank_bits = bits_for(cfg.dram.banks - 1);
  for (uint32_t ch = 0; ch < banks_.size(); ++ch) {
    const std::string scope = fmt::format("dram ch{:02d}", ch);
    add(scope, "queue_depth", depth_bits);
    add(scope, "ingress_depth", 16);
    add(scope, "cmd", 3);
    add(scope, "cmd_bank", bank_bits);
    add(scope, "cmd_core", 5);
    add(scope, "cmd_line", 32);
    add(scope, "data_busy", 1);
    for (uint32_t b : banks_[ch]) {
      add(scope, fmt::format("bank{:02d}_row", b), 32);
    }
  }
  for (uint32_t c = 0; c < cores; ++c) {
    const std::string scope = fmt::format("kmem core{:02d}", c);
    add(scope, "occupancy", kmem_bits);
    add(scope, "retire", 1);
    add(scope, "retire_line", 32);
  }
  values_.assign(signals_.size(), 0);
}

void PathTracer::add(const std::string& scope, const std::string& name, int bits) {
  signals_.push_back(Signal{scope, name, bits});
}

void PathTracer::attach(VerilatedVcdC* vcd) {
  VerilatedVcd* trace = vcd->spTrace();
  trace->addInitCb([](void* self, VerilatedVcd* t,
                      uint32_t code) { static_cast<PathTracer*>(self)->declare(t, code); },
                   this);
  trace->addFullCb(
      [](void* self, VerilatedVcd::Buffer* b) { static_cast<PathTracer*>(self)->dump(b, true); },
      this);
  trace->addChgCb(
      [](void* self, VerilatedVcd::Buffer* b) { static_cast<PathTracer*>(self)->dump(b, false); },
      this);
}

void PathTracer::declare(VerilatedVcd* tracep, uint32_t code) {
  // Spaces separate scope levels here, as in Verilator's own declarations.
  base_code_ = code;
  tracep->scopeEscape(' ');
  for (size_t i = 0; i < signals_.size(); ++i) {
    const Signal& s = signals_[i];
    tracep->pushNamePrefix(s.scope + ' ');
    const uint32_t c = code + static_cast<uint32_t>(i);
    if (s.bits == 1) {
      tracep->declBit(c, s.name.c_str(), false, -1);
    } else {
      tracep->declBus(c, s.name.c_str(), false, -1, s.bits - 1, 0);
    }
    tracep->popNamePrefix();
  }
  tracep->scopeEscape('.');
}

template <typename Buffer>
void PathTracer::dump(Buffer* bufp, bool full) {
  uint32_t* const old = bufp->oldp(base_code_);
  const auto emit = [&](size_t i) {
    const int bits = signals_[i].bits;
    bits == 1 ? bufp->fullBit(old + i, static_cast<CData>(values_[i]))
              : bufp->fullIData(old + i, values_[i], bits);
  };
  if (full) {
    for (size_t i = 0; i < signals_.size(); ++i) {
      emit(i);
    }
  } else {
    for (uint32_t i : changed_) {
      emit(i);
    }
  }
  changed_.clear();
}

void PathTracer::sample(uint64_t now, const CreditFabric& fabric,
                        const std::vector<std::unique_ptr<CoreHarness>>& cores) {
  size_t i = 0;
  for (uint32_t c = 0; c < cores_; ++c) {
    const CoreHarness& core = *cores[c];
    set(i++, fabric.credits_in_use(c));
    set(i++, fabric.port_busy(c, now) ? 1 : 0);
    set(i++, core.sent_at(now) ? 1 : 0);
    set(i++, core.last_sent_line());
    set(i++, static_cast<uint32_t>(core.lines_outstanding()));
  }
  for (uint32_t ch = 0; ch < banks_.size(); ++ch) {
    const DramChannel& channel = fabric.memory().dram_channels()[ch];
    const DramChannel::Command cmd = channel.command_at(now);
    auto& bursts = bursts_[ch];
    if (cmd == DramChannel::Command::kRead) {
      const uint64_t start = now + read_latency_;
      bursts.emplace_back(start, start + burst_cycles_);
    }
    bursts.erase(std::remove_if(bursts.begin(), bursts.end(),
                                [now](const auto& w) { return w.second <= now; }),
                 bursts.end());
    const bool data_busy = std::any_of(bursts.begin(), bursts.end(), [now](const auto& w) {
      return w.first <= now && now < w.second;
    });
    set(i++, static_cast<uint32_t>(channel.queue_depth()));
    set(i++, static_cast<uint32_t>(fabric.ingress_depth(ch)));
    set(i++, static_cast<uint32_t>(cmd));
    set(i++, channel.command_bank());
    set(i++, channel.command_core());
    set(i++, channel.command_line());
    set(i++, data_busy ? 1 : 0);
    // Rows open or close only on a command (ACT, PRE, RD with auto-precharge, REF).
    if (cmd != DramChannel::Command::kNone || first_sample_) {
      for (uint32_t b : banks_[ch]) {
        set(i++, channel.open_row(b));
      }
    } else {
      i += banks_[ch].size();
    }
  }
  for (uint32_t c = 0; c < cores_; ++c) {
    const CoreHarness& core = *cores[c];
    set(i++, core.kmem_occupancy());
    set(i++, core.retired_at(now) ? 1 : 0);
    set(i++, core.last_retired_line());
  }
  first_sample_ = false;
}

}  // namespace anesim
