// A replay (api::replay, or a merge of its parts) as its user gets it: the
// table or one JSON object, the CSV and the plot, or one shard's part file
// (src/anesim/analysis/replay/replay.h writes the text).
#pragma once

#include <string>

#include <anesim/api/replay.h>
#include <anesim/io/json.h>

namespace anesim::present {

std::string replay_text(const ReplayResult& r);
Json replay_json(const ReplayResult& r);
// Writes the CSV and the plot, all or none.
void write_replay_outputs(const ReplayResult& r, const api::ReplayOutputs& o);
// Writes a shard's part file (outputs.csv); returns its line for the user.
std::string write_replay_part(const api::ReplayOutcome& r);

}  // namespace anesim::present
