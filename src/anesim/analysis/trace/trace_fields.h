// The field readers of the trace reader (trace_reader.cpp): integers, times
// and separated lists, every error naming file:line and the field. Not part
// of the trace API (trace_format.h).
#pragma once

#include <string>
#include <vector>

#include <fmt/format.h>

#include <anesim/io/text_functions.h>

#include <anesim/analysis/trace/trace_format.h>
#include <anesim/io/count_text.h>
#include <anesim/io/errors.h>

namespace anesim::trace_detail {

std::string trim(const std::string& s);
// Fields of a row or header, each trimmed.
std::vector<std::string> split_on(const std::string& s, char sep);
std::string join(const std::vector<std::string>& v);

// Every error names the file and line.
class Parser {
 public:
  explicit Parser(std::string origin) : origin_(std::move(origin)) {}

  [[noreturn]] void fail(int line, const std::string& what) const {
    // Through the one escaping function: a NUL or a newline in a field
    // neither cuts nor splits the message.
    throw TraceError(printable_whole(fmt::format("{}:{}: {}", origin_, line, what)));
  }

  uint64_t integer(int line, const std::string& field, const std::string& text, uint64_t min,
                   uint64_t max) const {
    uint64_t value = 0;
    switch (read_count(text, min, max, value)) {
      case CountStatus::kOk:
        return value;
      case CountStatus::kNotACount:
        fail(line, fmt::format("{}: '{}' is not a non-negative integer (decimal or 0x hex)", field,
                               text));
      case CountStatus::kTooLarge:
        fail(line, fmt::format("{}: '{}' is too large (at most {})", field, text, max));
      case CountStatus::kTooSmall:
        break;
    }
    fail(line, fmt::format("{}: '{}' is too small (at least {})", field, text, min));
  }

  double time(int line, const std::string& field, const std::string& text) const {
    if (text.empty()) {
      fail(line, fmt::format("{}: empty time", field));
    }
    char* end = nullptr;
    const double v = std::strtod(text.c_str(), &end);
    if (end != text.c_str() + text.size() || text.find_first_of("xX") != std::string::npos) {
      fail(line, fmt::format("{}: '{}' is not a number", field, text));
    }
    if (!std::isfinite(v)) {
      fail(line, fmt::format("{}: '{}' is not a finite time", field, text));
    }
    if (v <= 0) {
      fail(line, fmt::format("{}: '{}' is not a positive time", field, text));
    }
    return v;
  }

  const std::string& origin() const { return origin_; }

 private:
  std::string origin_;
};

// A record's timing columns, shared by both kinds of record: `samples`
// (A;B;...) or a `median` with an optional `count`, scaled to us by `scale`.
// `has_samples_column`: which column an empty row's message names.
void read_timing(const Parser& p, int line, const std::string& samples, const std::string& median,
                 const std::string& count, bool has_samples_column, double scale, TraceRecord& r);

// The column row at lines[first] and the records after it of a decode-step
// file (step_records.cpp), appended to t.records; times scaled to us.
void parse_step_records(const Parser& p, const std::vector<std::string>& lines, size_t first,
                        double us_per_unit, Trace& t);

// What a decode-step record measures, compared by meaning: the model path
// made lexically normal (m.yaml and ./m.yaml are one model), the split
// policy's PROJECTION=CHUNKS entries in name order with plain numbers
// (gate_proj=3;up_proj=3 is up_proj=3;gate_proj=03), and the programs.
std::string step_record_key(const TraceRecord& r);
// "curve C, model M, split_policy S, programs P" for messages.
std::string step_record_fields(const TraceRecord& r);

}  // namespace anesim::trace_detail
