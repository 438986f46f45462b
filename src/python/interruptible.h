// Python calls that can simulate run here: on their own thread, so that
// Ctrl-C in the interpreter stops them within a fraction of a second.
#pragma once

#include <pybind11/pybind11.h>

#include <chrono>
#include <future>
#include <thread>

#include <anesim/sim/base/stop_request.h>

namespace anesim::python {

namespace py = pybind11;

// Runs `f` (pure C++, no Python objects) on its own thread without the GIL
// while this thread checks for signals every 20 ms: Ctrl-C stops the runs
// (sim/base/stop_request.h) and raises KeyboardInterrupt within a fraction
// of a second instead of when the call returns. Off the main thread,
// PyErr_CheckSignals does nothing and the call simply runs.
template <class F>
auto interruptible(F f) -> decltype(f()) {
  using Result = decltype(f());
  StopToken token;
  std::packaged_task<Result()> task([&] {
    const StopScope scope(&token);
    return f();
  });
  std::future<Result> done = task.get_future();
  bool interrupted = false;
  {
    py::gil_scoped_release unlocked;
    std::thread worker(std::move(task));
    while (done.wait_for(std::chrono::milliseconds(20)) != std::future_status::ready) {
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
  return done.get();
}

}  // namespace anesim::python
