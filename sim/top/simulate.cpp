#include <sim/top/simulate.h>

#include <systemc>

#include <sim/top/ane_system.h>
#include <sim/top/cluster.h>

#if defined(__SANITIZE_ADDRESS__)
#define ANESIM_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ANESIM_ASAN 1
#endif
#endif
#ifdef ANESIM_ASAN
#include <sanitizer/common_interface_defs.h>
#endif

namespace anesim {

namespace {

// The main stack's bounds as AddressSanitizer knows them, taken before
// sc_start() and given back to it after. SystemC 2.3.4 (Debian's
// libsystemc, QuickThreads coroutines) annotates its coroutine switches only
// in part: a switch back to the main coroutine passes no bounds (0, 0), and
// a thread that ends (AneSystem::run returns) switches away with no
// annotation at all. Once sc_start() returned, ASan took the main stack for
// the ended thread's: every later throw had its stack cleanup skipped ("ASan
// is ignoring requested __asan_handle_no_return") and the frames it unwound
// stayed poisoned, so the next call there was reported as a
// stack-buffer-overflow and the run exited 1 (a full disk's OutputError, for
// one). Nothing without ASan.
class MainStackBounds {
 public:
  MainStackBounds() {
#ifdef ANESIM_ASAN
    // A switch to no stack and back reads the current bounds.
    void* fake_stack = nullptr;
    __sanitizer_start_switch_fiber(&fake_stack, nullptr, 0);
    __sanitizer_finish_switch_fiber(fake_stack, &bottom_, &size_);
    restore();
#endif
  }
  void restore() const {
#ifdef ANESIM_ASAN
    void* fake_stack = nullptr;
    __sanitizer_start_switch_fiber(&fake_stack, bottom_, size_);
    __sanitizer_finish_switch_fiber(fake_stack, nullptr, nullptr);
#endif
  }

 private:
  [[maybe_unused]] const void* bottom_ = nullptr;
  [[maybe_unused]] size_t size_ = 0;
};

}  // namespace

SimulationOutcome simulate(const MachineConfig& cfg, const RunSpec& spec, WaveformSink* waves) {
  AneSystem system("anesim", cfg, spec);
  if (waves != nullptr) {
    system.cluster().trace_to(waves->vcd(), waves->from, waves->to);
    waves->open();
  }
  const MainStackBounds main_stack;
  sc_core::sc_start();
  main_stack.restore();
  SimulationOutcome out = system.outcome();
  if (waves != nullptr) {
    // Only a complete run publishes its waveform under the requested names.
    waves->finish(!out.exceeded_max_cycles && !out.result.rtl_assertion_failed &&
                  out.result.watchdog_error.empty());
  }
  return out;
}

namespace {
void describe(const sc_core::sc_object& object, int depth, std::string& out) {
  out.append(static_cast<size_t>(depth) * 2, ' ');
  out += object.name();
  out += "  ";
  out += object.kind();
  out += '\n';
  for (const sc_core::sc_object* child : object.get_child_objects()) {
    describe(*child, depth + 1, out);
  }
}
}  // namespace

std::string describe_hierarchy(const MachineConfig& cfg, const RunSpec& spec) {
  AneSystem system("anesim", cfg, spec);
  std::string out;
  for (const sc_core::sc_object* top : sc_core::sc_get_top_level_objects()) {
    describe(*top, 0, out);
  }
  return out;
}

}  // namespace anesim
