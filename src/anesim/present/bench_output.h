// `anesim bench`'s measurements (api::bench) as text or one JSON object.
#pragma once

#include <string>

#include <anesim/api/bench.h>
#include <anesim/io/json.h>

namespace anesim::present {

std::string bench_text(const api::BenchOutcome& b);
Json bench_json(const api::BenchOutcome& b);

}  // namespace anesim::present
