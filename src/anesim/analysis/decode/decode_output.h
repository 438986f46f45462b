// `anesim decode`'s presentations: the text summary, one JSON object, the
// per-task CSV and the timeline plot of one step (docs/decode.md).
#pragma once

#include <string>

#include <anesim/analysis/decode/decode.h>
#include <anesim/io/json.h>

namespace anesim {

std::string decode_text(const DecodeResult& r);
Json decode_json(const DecodeResult& r);
// One row per task of both sides: side,index,projection,layer,chunk,chunks,
// cin,cout,lines_per_core,ops_before,starts_program,start_us,dispatch_us,finish_us.
std::string decode_csv(const DecodeResult& r);
// gnuplot script body: every task of both steps as a bar on one time axis
// (kernel DMA coloured by projection kind, the gap before it in grey).
std::string decode_timeline_script(const DecodeResult& r);

}  // namespace anesim
