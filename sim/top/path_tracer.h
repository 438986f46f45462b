// The modelled components in the rings' waveform dump: the fabric, each
// DRAM channel and each core's KMem get scopes of their own beside the
// Verilated rings (core00, ...), in the same VerilatedVcdC and so on the same
// time base:
//   fabric.coreNN   credits_used, port_busy, req_sent, req_line, in_flight
//   dram.chNN       queue_depth, ingress_depth, cmd (docs/dram_cmd.gtkwfilter
//                   names its values), cmd_bank, cmd_core, cmd_line,
//                   data_busy, bankBB_row (banks the transfer touches)
//   kmem.coreNN     occupancy, retire, retire_line
// The signals are declared through Verilator's own tracing callbacks, so the
// dump stays one file written by one writer (and atomic, src/anesim/io/waveform_file).
// Costs nothing unless a dump is open: values are sampled only on traced cycles.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <sim/base/machine_config.h>
#include <sim/core/core_harness.h>
#include <sim/fabric/credit_fabric.h>

class VerilatedVcd;
class VerilatedVcdC;

namespace anesim {

class PathTracer {
 public:
  // `banks[ch]` lists the banks of channel ch whose open row is dumped.
  PathTracer(const MachineConfig& cfg, uint32_t cores, std::vector<std::vector<uint32_t>> banks);
  // Registers the signals; call before the dump is opened.
  void attach(VerilatedVcdC* vcd);
  // The values of cycle `now`, dumped at the next dump() call.
  void sample(uint64_t now, const CreditFabric& fabric,
              const std::vector<std::unique_ptr<CoreHarness>>& cores);

 private:
  struct Signal {
    std::string scope;  // space-separated scope path, e.g. "dram ch00"
    std::string name;
    int bits;
  };
  void add(const std::string& scope, const std::string& name, int bits);
  // Verilator's init and dump callbacks land here (path_tracer.cpp).
  void declare(VerilatedVcd* tracep, uint32_t code);
  template <typename Buffer>
  void dump(Buffer* bufp, bool full);

  uint32_t cores_;
  uint32_t burst_cycles_, read_latency_;
  std::vector<std::vector<uint32_t>> banks_;
  std::vector<Signal> signals_;
  std::vector<uint32_t> values_;
  uint32_t base_code_ = 0;
  // Signals whose value changed since the last dump: a dump writes only
  // these (most of the ~200 signals are still in a given cycle).
  std::vector<uint32_t> changed_;
  bool first_sample_ = true;
  void set(size_t i, uint32_t value) {
    if (values_[i] != value) {
      values_[i] = value;
      changed_.push_back(static_cast<uint32_t>(i));
    }
  }
  // Per channel, the data-bus windows [start, end) of reads issued while
  // traced: RD at t drives the bus in [t + RL, t + RL + burst).
  std::vector<std::vector<std::pair<uint64_t, uint64_t>>> bursts_;
};

// The banks of each channel that the lines of `tasks` map to.
std::vector<std::vector<uint32_t>> banks_touched(const MachineConfig& cfg,
                                                 const std::vector<std::vector<Task>>& tasks);

}  // namespace anesim
