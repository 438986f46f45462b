#include <anesim/io/progress_bar.h>

#include <unistd.h>

#include <cstdio>

namespace anesim {

ProgressBar::ProgressBar(std::string label)
    : label_(std::move(label)), tty_(isatty(STDERR_FILENO) == 1) {}

ProgressBar::~ProgressBar() {
  if (drawn_) {
    std::fputs("\r\033[K", stderr);
    std::fflush(stderr);
  }
}

void ProgressBar::update(size_t done, size_t total) {
  if (!tty_ || total == 0) return;
  constexpr size_t kWidth = 30;
  const size_t filled = done * kWidth / total;
  std::fprintf(stderr, "\r%s [%s%s] %zu/%zu", label_.c_str(), std::string(filled, '#').c_str(),
               std::string(kWidth - filled, ' ').c_str(), done, total);
  std::fflush(stderr);
  drawn_ = true;
}

std::function<void(size_t, size_t)> ProgressBar::callback() {
  return [this](size_t d, size_t t) { update(d, t); };
}

}  // namespace anesim
