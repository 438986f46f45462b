// Python calls that can simulate run here: on their own thread, so that
// Ctrl-C in the interpreter stops them within a fraction of a second.
#pragma once

#include <pybind11/pybind11.h>

#include <chrono>
#include <future>
#include <optional>
#include <thread>

#include <fmt/format.h>

#include <anesim/api/stop.h>

namespace anesim::python {

namespace py = pybind11;

// Runs `f` (pure C++, no Python objects) on its own thread without the GIL
// while this thread checks for signals every 20 ms: Ctrl-C stops the runs
// (sim/base/stop_request.h) and raises KeyboardInterrupt within a fraction
// of a second instead of when the call returns. Off the main thread,
// PyErr_CheckSignals does nothing and the call simply runs. With
// `max_seconds`, the runs are stopped the same way once that much time has
// passed, and TimeoutError is raised.
template <class F>
auto interruptible(F f, std::optional<double> max_seconds = std::nullopt) -> decltype(f()) {
  using Result = decltype(f());
  using Clock = std::chrono::steady_clock;
  StopToken token;
  std::packaged_task<Result()> task([&] {
    const StopScope scope(&token);
    return f();
  });
  std::future<Result> done = task.get_future();
  const Clock::time_point start = Clock::now();
  bool interrupted = false, timed_out = false;
  {
    py::gil_scoped_release unlocked;
    std::thread worker(std::move(task));
    while (done.wait_for(std::chrono::milliseconds(20)) != std::future_status::ready) {
      if (max_seconds &&
          std::chrono::duration<double>(Clock::now() - start).count() > *max_seconds) {
        token.requested = true;
        timed_out = true;
        break;
      }
      const py::gil_scoped_acquire held;
      if (PyErr_CheckSignals() != 0) {
        token.requested = true;
        interrupted = true;
        break;
      }
    }
    worker.join();
  }
  if (interrupted) {
    throw py::error_already_set();  // the KeyboardInterrupt the handler raised
  }
  if (timed_out) {
    PyErr_SetString(PyExc_TimeoutError,
                    fmt::format("the simulations this answer needs did not finish within "
                                "max_seconds={} s; they were stopped (simulate='never' answers "
                                "from the timing table alone, or raises at once)",
                                *max_seconds)
                        .c_str());
    throw py::error_already_set();
  }
  return done.get();
}

}  // namespace anesim::python
