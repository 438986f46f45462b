// `anesim advise --batch FILE` (docs/advise.md, "Batch"): many questions in
// one process, for passes not written in Python. Each input line is one
// JSON object with the keys of Python's advise() and advise_model() (model
// or cin and cout; dtype, kernel, groups; config, chip or chips; exact,
// simulate; id, echoed); each answer is one JSON line, in input order.
#pragma once

#include <exception>
#include <functional>
#include <istream>
#include <string>

#include <anesim/io/json.h>

namespace anesim::present {

struct BatchLine {
  uint64_t line = 0;           // 1-based, in the input
  Json out;                    // {"line", "id"?, "answer"} or {"line", "id"?, "error"}
  std::exception_ptr failure;  // set with "error": the exception the answer met
};

// Answers every non-blank line of `in` (named `origin` in messages) in
// order, calling `emit` once per line as soon as it is answered. A line
// that is not a JSON object, has an unknown key or a bad value, or whose
// question fails, is answered with its error; the rest go on.
void advise_batch(std::istream& in, const std::string& origin, uint64_t jobs,
                  const std::function<void(const BatchLine&)>& emit);

}  // namespace anesim::present
