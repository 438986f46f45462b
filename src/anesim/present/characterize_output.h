// A characterized timing table (api::characterize's result) as its user
// gets it: the file advise reads, the one-line note, the JSON for Python.
#pragma once

#include <string>

#include <anesim/api/characterize.h>
#include <anesim/io/json.h>

namespace anesim::present {

// The table's file (docs/advise.md, "Timing tables"), written whole or not.
void write_timing_table(const api::CharacterizeResult& r);
// "characterize: N points of DESCRIPTION in S s -> PATH".
std::string characterize_note(const api::CharacterizeResult& r, double seconds);
// The table as its file holds it, with its path and points.
Json characterize_json(const api::CharacterizeResult& r);

}  // namespace anesim::present
