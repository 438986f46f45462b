// A point as it travels to an `anesim` child (docs/architecture.md, "The
// parent-child protocol"): one JSON object on the child's stdin, never on
// its command line, so a decode step of any number of tasks fits; and the
// child's one-line JSON report read back.
#pragma once

#include <string>

#include <anesim/analysis/batch/sim_point.h>
#include <anesim/io/json.h>

namespace anesim {

// The point as the child reads it (`anesim --json --point-stdin`): keys
// variant (a name), lines, cores, split, base_line, and where set
// task_lines, task_ops, program_starts (arrays) and max_cycles.
Json point_request_json(const SimPoint& p);
// The point back from that text. Throws InputError naming "--point-stdin"
// and the field for malformed JSON, a missing or mistyped key or an
// unknown variant.
SimPoint parse_point_request(const std::string& text);

// Reads a child's stdout; on failure `ok` is false and `error` says why.
SimPointResult parse_point_report(const std::string& json_text);

}  // namespace anesim
