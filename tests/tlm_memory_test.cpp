// The TLM-2.0 coupling of the fabric to DRAM (--memory tlm, sim/memory/tlm_memory.h):
// identical results to the builtin coupling (bug and fix, split and unsplit,
// 1 and 16 cores), and a protocol checker that asserts the base-protocol
// rules on every transaction of those runs. Runs the cluster directly.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include <anesim/analysis/run/run_report.h>
#include <anesim/machine/machine_config_reader.h>
#include <sim/memory/memory_coupling.h>
#include <sim/ring/ring_variant.h>
#include "test_support.h"
#include "tlm_protocol_checker.h"

namespace anesim {
namespace {

using test::ProtocolChecker;

RunResult run(const MachineConfig& cfg, RingVariant v, const Workload& w, MemoryCoupling memory,
              TlmObserver* observer = nullptr, bool skip_idle = true) {
  RunSpec spec;
  spec.variant = v;
  spec.tasks = build_tasks(w);
  spec.skip_idle = skip_idle;
  spec.memory = memory;
  spec.tlm_observer = observer;
  spec.line_log = LineLogWindow{true, 0, kNever};
  Cluster cluster(cfg, spec);
  cluster.run_until(cfg.sim.max_cycles);
  return cluster.result();
}

std::string json_of(const MachineConfig& cfg, RingVariant v, const Workload& w,
                    const RunResult& r) {
  return json_line(run_json(RunReport{v, w, &cfg, r}));
}

bool same_line_log(const RunResult& a, const RunResult& b) {
  if (a.line_log.size() != b.line_log.size()) {
    return false;
  }
  for (size_t i = 0; i < a.line_log.size(); ++i) {
    const LineRecord& x = a.line_log[i];
    const LineRecord& y = b.line_log[i];
    if (x.core != y.core || x.line != y.line || x.stamps.sent != y.stamps.sent ||
        x.stamps.arrived != y.stamps.arrived || x.stamps.command != y.stamps.command ||
        x.stamps.data != y.stamps.data || x.stamps.delivered != y.stamps.delivered ||
        x.retired != y.retired || x.prefetch != y.prefetch) {
      return false;
    }
  }
  return true;
}

TEST_CASE("tlm: both couplings give identical results, every transaction by the protocol",
          "[tlm]") {
  // The shipped configs, and one whose shallow controller queues fill up
  // under 16 cores so that END_REQ back-pressure is exercised (per-bank
  // refresh leaves the shipped queues room to spare).
  MachineConfig shallow = builtin_config();
  shallow.dram.queue_depth = 2;
  for (const char* config : {"", "configs/chips/m3-air.yaml", "queue_depth 2"}) {
    const std::string name = config;
    const MachineConfig cfg = name.empty() ? builtin_config()
                              : name == "queue_depth 2"
                                  ? shallow
                                  : load_config_file(std::string(ANESIM_SOURCE_DIR) + "/" + config);
    for (RingVariant v : {RingVariant::kBug, RingVariant::kFix}) {
      for (uint32_t cores : {1u, 16u}) {
        for (uint32_t split : {1u, 4u}) {
          const Workload w = test::workload(cores == 1 ? 20000 : 4096, cores, split);
          INFO(config << " " << variant_name(v) << " cores " << cores << " split " << split);
          const RunResult direct = run(cfg, v, w, MemoryCoupling::kBuiltin);
          ProtocolChecker checker;
          const RunResult tlm = run(cfg, v, w, MemoryCoupling::kTlm, &checker);
          CHECK(json_of(cfg, v, w, tlm) == json_of(cfg, v, w, direct));
          CHECK(tlm.sim_cycles == direct.sim_cycles);
          CHECK(same_line_log(tlm, direct));
          CHECK(checker.error_.empty());
          CHECK(checker.all_done());
          CHECK(checker.begun_ == direct.dram.reads);
          CHECK(checker.completed_ == checker.begun_);
          if (cores == 16 && cfg.dram.queue_depth == 2) {
            CHECK(checker.deferred_ > 0);  // END_REQ withheld: the queues filled
          }
        }
      }
    }
  }
}

TEST_CASE("tlm: identical on the M4's notch, two demand reads in flight", "[tlm]") {
  // The notch runs the demand path; configs/chips/m4.yaml keeps two of its reads
  // in flight per core, so they overlap in the fabric and the channels.
  const MachineConfig cfg =
      load_config_file(std::string(ANESIM_SOURCE_DIR) + "/configs/chips/m4.yaml");
  REQUIRE(cfg.ane.demand_depth == 2);
  const Workload w = test::workload(kRingLines, 4, 1);
  const RunResult direct = run(cfg, test::variant("relatch"), w, MemoryCoupling::kBuiltin);
  ProtocolChecker checker;
  const RunResult tlm = run(cfg, test::variant("relatch"), w, MemoryCoupling::kTlm, &checker);
  CHECK(direct.lines_demand >= 4u * kRingLines);
  CHECK(json_of(cfg, test::variant("relatch"), w, tlm) ==
        json_of(cfg, test::variant("relatch"), w, direct));
  CHECK(same_line_log(tlm, direct));
  CHECK(checker.error_.empty());
  CHECK(checker.all_done());
}

TEST_CASE("tlm: identical without idle skipping", "[tlm]") {
  const MachineConfig cfg = builtin_config();
  const Workload w = test::workload(1024, 16, 2);
  const RunResult direct = run(cfg, RingVariant::kFix, w, MemoryCoupling::kBuiltin, nullptr, false);
  const RunResult tlm = run(cfg, RingVariant::kFix, w, MemoryCoupling::kTlm, nullptr, false);
  CHECK(json_of(cfg, RingVariant::kFix, w, tlm) == json_of(cfg, RingVariant::kFix, w, direct));
}

}  // namespace
}  // namespace anesim
