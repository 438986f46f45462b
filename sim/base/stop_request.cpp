#include <sim/base/stop_request.h>

namespace anesim {

namespace {
thread_local StopToken* t_token = nullptr;
}  // namespace

StopToken* current_stop_token() { return t_token; }

StopScope::StopScope(StopToken* token) : previous_(t_token) { t_token = token; }

StopScope::~StopScope() { t_token = previous_; }

void throw_if_stop_requested() {
  if (t_token != nullptr && t_token->requested.load(std::memory_order_relaxed)) {
    throw RunStopped();
  }
}

}  // namespace anesim
