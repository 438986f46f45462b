// A progress bar on stderr, drawn only when stderr is a terminal, so that
// logs and pipes stay clean.
#pragma once

#include <cstddef>
#include <functional>
#include <string>

namespace anesim {

class ProgressBar {
 public:
  explicit ProgressBar(std::string label);
  ~ProgressBar();
  ProgressBar(const ProgressBar&) = delete;
  ProgressBar& operator=(const ProgressBar&) = delete;
  void update(size_t done, size_t total);
  // For run_children(): called with (finished, total).
  std::function<void(size_t, size_t)> callback();

 private:
  std::string label_;
  bool tty_;
  bool drawn_ = false;
};

}  // namespace anesim
