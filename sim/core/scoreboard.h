// Checks, independently of the ring's own counters, that every line of every
// task reaches its core's consumer exactly once, in order, with the right
// address. The bug may cost time; it must never cost data.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <sim/core/task.h>

namespace anesim {

class Scoreboard {
 public:
  // tasks[c] is the descriptor list of core c, in dispatch order.
  explicit Scoreboard(const std::vector<std::vector<Task>>& tasks);

  // The consumer of `core` drained `line` out of KMem.
  void consumed(uint32_t core, uint32_t line);
  // The memory path damaged a line before the consumer saw it.
  void corrupted(uint32_t core, uint32_t line, const char* what);

  // Lines missing, duplicated or out of order (0 when correct). Valid once
  // the run has ended; lines never delivered count as missing.
  uint64_t lines_lost() const;
  uint64_t lines_expected() const { return expected_total_; }
  // Lines the consumers took so far, right or wrong (the watchdog's measure
  // of progress).
  uint64_t lines_consumed() const { return consumed_; }
  // The first discrepancy seen, for the error message; when lines are only
  // missing, the first line a core never received ("" when none).
  std::string first_error() const;

 private:
  struct Cursor {
    size_t task = 0;
    uint32_t offset = 0;  // line within the task
    uint64_t matched = 0;
  };
  const std::vector<std::vector<Task>>& tasks_;
  std::vector<Cursor> cursors_;
  uint64_t expected_total_ = 0;
  uint64_t mismatched_ = 0;
  uint64_t extra_ = 0;
  uint64_t consumed_ = 0;
  std::string first_error_;
};

}  // namespace anesim
