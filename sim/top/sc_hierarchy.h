// The sc_modules that give the cluster's parts their names in SystemC's
// hierarchy (anesim.cluster.core00.ring, anesim.fabric, anesim.dram.ch0).
// They own no processes: one cycle loop drives the parts (sim/top/cluster.h),
// so structure costs no speed. What they do own are the TLM-2.0 sockets of
// the tlm coupling: the fabric's initiator socket per DRAM channel and each
// channel's target socket.
#pragma once

#include <tlm>

#include <cstdint>
#include <memory>
#include <vector>

#include <sim/base/machine_config.h>
#include <sim/base/ring_variant_id.h>
#include <sim/memory/clocked_target.h>
#include <sim/memory/memory_channel_parts.h>

namespace anesim {

// A Verilated prefetch ring, as a leaf object of its core.
class RingObject : public sc_core::sc_object {
 public:
  RingObject(const char* name, RingVariant variant) : sc_object(name), variant_(variant) {}
  const char* kind() const override { return "anesim::PrefetchRing"; }
  RingVariant variant() const { return variant_; }

 private:
  RingVariant variant_;
};

// One ANE core: its ring, dispatcher, KMem and consumer (sim/core/core_harness.h).
class CoreModule : public sc_core::sc_module {
 public:
  CoreModule(sc_core::sc_module_name name, RingVariant variant)
      : sc_module(name), ring("ring", variant) {}
  const char* kind() const override { return "anesim::Core"; }
  RingObject ring;
};

class ClusterModule : public sc_core::sc_module {
 public:
  ClusterModule(sc_core::sc_module_name name, uint32_t cores, RingVariant variant);
  const char* kind() const override { return "anesim::Cluster"; }
  CoreModule& core(uint32_t c) { return *cores_[c]; }

 private:
  std::vector<std::unique_ptr<CoreModule>> cores_;
};

// The credit fabric. Under the tlm coupling it has one AT initiator socket
// per DRAM channel, `to_dram_<ch>`; under the builtin one, none.
class FabricModule : public sc_core::sc_module {
 public:
  FabricModule(sc_core::sc_module_name name, uint32_t sockets);
  const char* kind() const override { return "anesim::CreditFabric"; }
  uint32_t socket_count() const { return static_cast<uint32_t>(to_dram_.size()); }
  tlm::tlm_initiator_socket<>& to_dram(uint32_t ch) { return *to_dram_[ch]; }

 private:
  std::vector<std::unique_ptr<tlm::tlm_initiator_socket<>>> to_dram_;
};

// The memory side: `ch<N>` per channel, each built by the kind of target
// memory.target names (sim/memory/memory_targets.h): the built-in LPDDR5
// channel or, with fixed_latency, a FixedLatencyMemory.
class DramModule : public sc_core::sc_module {
 public:
  // `targets`: the tlm coupling's clocked targets, one per channel (empty:
  // the builtin coupling, or a target that is its own module).
  DramModule(sc_core::sc_module_name name, const MachineConfig& cfg,
             const std::vector<ClockedTarget*>& targets);
  ~DramModule() override;
  const char* kind() const override { return "anesim::Dram"; }
  // Channel `ch`'s target socket (null under the builtin coupling), and its
  // cycle hooks (null: the target runs on SystemC time).
  tlm::tlm_target_socket<>* socket(uint32_t ch) { return channels_[ch].socket; }
  ClockedTarget* clocked(uint32_t ch) { return channels_[ch].clocked; }

 private:
  std::vector<MemoryChannelParts> channels_;
};

}  // namespace anesim
