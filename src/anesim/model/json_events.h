// What the event readers of model files' JSON share (safetensors_json.cpp):
// nlohmann-json's SAX interface with its parse errors and overflowing
// numbers said as the JSON reader says them, and the walk over a value a
// reader does not need, each object's keys checked once (a document would
// keep the last of two silently).
#pragma once

#include <cmath>
#include <set>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <anesim/io/errors.h>
#include <anesim/io/json.h>
#include <anesim/io/text_functions.h>

namespace anesim::json_events {

[[noreturn]] inline void fail_at(const std::string& origin, const std::string& what) {
  throw ModelFileError(fmt::format("{}: {}", origin, what));
}

// A value the reader does not need (the header's __metadata__, the index's
// metadata), walked to its end with each object's keys checked once.
class SkippedValue {
 public:
  bool active() const { return !open_.empty(); }
  void start() { open_.emplace_back(); }
  // True when the outermost skipped container has closed.
  bool end() {
    open_.pop_back();
    return open_.empty();
  }
  // False when the open object already has `key`.
  bool add_key(const std::string& key) { return open_.back().insert(key).second; }

 private:
  std::vector<std::set<std::string>> open_;  // one per open container, innermost last
};

// What both readers do alike: parse errors and numbers too large for a
// double, said as the JSON reader's messages. `what` is "header" or "index".
class StrictEvents : public nlohmann::json_sax<nlohmann::json> {
 public:
  StrictEvents(const std::string& origin, const char* what) : origin_(origin), what_(what) {}

  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception& e) override {
    fail(fmt::format("{} is not JSON: {}", what_, json_error_reason(e)));
  }
  bool binary(binary_t&) override { return scalar("binary data"); }
  bool null() override { return scalar("null"); }
  bool boolean(bool v) override { return scalar(v ? "true" : "false"); }
  bool number_integer(number_integer_t v) override { return scalar(std::to_string(v)); }
  bool number_float(number_float_t v, const string_t& text) override {
    if (!std::isfinite(v)) {
      fail(fmt::format("{} is not readable JSON: number overflow parsing '{}'", what_,
                       printable(text, 40)));
    }
    return scalar(text);
  }

 protected:
  // A scalar the reader has no other use for, `text` as written.
  virtual bool scalar(const std::string& text) = 0;
  [[noreturn]] void fail(const std::string& what) const { fail_at(origin_, what); }
  void fail_repeated_key(const std::string& key) const {
    fail(fmt::format("{}: key '{}' given twice in one object", what_, printable(key, 80)));
  }

  std::string origin_;
  const char* what_;
};

}  // namespace anesim::json_events
