// A compiled program's report (api::read_program) as text or one JSON
// object (src/anesim/analysis/program/program_report.h writes them).
#pragma once

#include <anesim/analysis/program/program_report.h>

namespace anesim::present {

using anesim::program_json;
using anesim::program_text;

}  // namespace anesim::present
