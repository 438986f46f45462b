// Device measurements of kernel-DMA workloads ("anesim traces",
// docs/trace-format.md): CSV with a `# key: value` header. Strict: every
// error names file:line and the field; see the format document for the
// version rule.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace anesim {

// The newest format this reader implements. Files of the same major and a
// newer minor are read; header keys unknown to this reader are then ignored.
constexpr int kTraceFormatMajor = 1;
constexpr int kTraceFormatMinor = 1;  // 1.1: the `records` key, decode-step files

// What a file's records are (its `records` header key, format 1.1).
enum class RecordKind : uint8_t {
  kTransfer,    // one kernel-DMA transfer of `cores` cores (the default)
  kDecodeStep,  // one whole decoded token of a model (docs/trace-format.md)
};

struct TraceRecord {
  int line = 0;  // line number in the file (for messages)
  RecordKind kind = RecordKind::kTransfer;
  std::string curve;  // records with the same curve form one curve
  uint32_t cores = 0;
  uint32_t lines_per_core = 0;  // from lines_per_core, or from cin x cout
  uint64_t cin = 0, cout = 0;   // 0 when the size was given in lines
  uint32_t split = 1;
  uint32_t base_line = 0;
  std::vector<double> samples_us;  // empty when only a median was published
  double median_us = 0;            // median of samples, or the published median
  uint64_t count = 0;  // runs behind the median (samples.size(), or published; 0 = unknown)
  std::string comment;
  // A decode step: the model (a preset name, or a model file relative to
  // the trace's folder), its splits ("none", "advised" or
  // "PROJECTION=CHUNKS;..."), and the programs its layers are cut into.
  std::string model;
  std::string split_policy;
  uint32_t programs = 1;
};

struct Trace {
  std::string path;
  int version_major = 0, version_minor = 0;
  std::map<std::string, std::string> header;  // known keys (and future-minor ones)
  std::vector<std::string> notes;             // every `note:` line, in order
  std::vector<TraceRecord> records;
};

// Larger files are refused unread (the published ones are about 1 KiB).
constexpr size_t kMaxTraceBytes = 64 << 20;

// Reader (trace_reader.cpp). Throws TraceError.
Trace read_trace_file(const std::string& path);
// Throws TraceError naming both places when one record (curve, cores,
// lines per core, split, base line) appears in two of `traces`: replay and
// calibrate would count it twice. Within one file the reader refuses it.
void refuse_repeated_records(const std::vector<Trace>& traces);
// `origin` names the text in messages.
Trace parse_trace(const std::string& text, const std::string& origin);
// Writer (trace_writer.cpp): `t` in the current format (round-trips through
// parse_trace).
std::string format_trace(const Trace& t);

}  // namespace anesim
