#include <sim/core/scoreboard.h>

#include <fmt/format.h>

namespace anesim {

Scoreboard::Scoreboard(const std::vector<std::vector<Task>>& tasks)
    : tasks_(tasks), cursors_(tasks.size()) {
  for (const auto& core_tasks : tasks) {
    for (const Task& t : core_tasks) {
      expected_total_ += t.lines;
    }
  }
}

void Scoreboard::consumed(uint32_t core, uint32_t line) {
  ++consumed_;
  Cursor& c = cursors_[core];
  const auto& list = tasks_[core];
  if (c.task >= list.size()) {
    ++extra_;
    if (first_error_.empty()) {
      first_error_ =
          fmt::format("core {}: line 0x{:x} delivered after the last task ended", core, line);
    }
    return;
  }
  const Task& t = list[c.task];
  const uint32_t want = t.start_line + c.offset;
  if (line == want) {
    ++c.matched;
  } else {
    ++mismatched_;
    if (first_error_.empty()) {
      first_error_ = fmt::format("core {}: task {} line {}: expected address 0x{:x}, got 0x{:x}",
                                 core, c.task, c.offset, want, line);
    }
  }
  // Advance by position: one wrong line costs one count, not every line after.
  if (++c.offset == t.lines) {
    c.offset = 0;
    ++c.task;
  }
}

void Scoreboard::corrupted(uint32_t core, uint32_t line, const char* what) {
  ++extra_;
  if (first_error_.empty()) {
    first_error_ = fmt::format("core {}: line 0x{:x}: {}", core, line, what);
  }
}

std::string Scoreboard::first_error() const {
  if (!first_error_.empty()) {
    return first_error_;
  }
  for (size_t core = 0; core < cursors_.size(); ++core) {
    const Cursor& c = cursors_[core];
    if (c.task < tasks_[core].size()) {
      const Task& t = tasks_[core][c.task];
      return fmt::format("core {}: task {} line {} (address 0x{:x}) was never delivered", core,
                         c.task, c.offset, t.start_line + c.offset);
    }
  }
  return "";
}

uint64_t Scoreboard::lines_lost() const {
  uint64_t matched = 0;
  for (const Cursor& c : cursors_) {
    matched += c.matched;
  }
  const uint64_t missing = expected_total_ - matched - mismatched_;
  return missing + mismatched_ + extra_;
}

}  // namespace anesim
