// A decoded token (api::decode's DecodeResult) as its user reads it: the
// summary, the JSON object, the per-task CSV and the timeline plot
// (src/anesim/analysis/decode/decode_output.h writes the text).
#pragma once

#include <anesim/analysis/decode/decode_output.h>
#include <anesim/api/decode.h>

namespace anesim::present {

using anesim::decode_csv;
using anesim::decode_json;
using anesim::decode_text;
using anesim::decode_timeline_script;

// The CSV and the timeline the request asked for, in that order.
void write_decode_files(const DecodeResult& r, const api::DecodeRequest& request);

}  // namespace anesim::present
