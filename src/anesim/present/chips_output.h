// The chip registry's rows (api::chips) as `anesim chips` prints them and
// Python's anesim.chips() returns them.
#pragma once

#include <string>
#include <vector>

#include <anesim/api/chips.h>
#include <anesim/io/json.h>

namespace anesim::present {

// A list of objects: name, family (Mac, iPhone, iPad), devices,
// generation, memory, dram_preset, peak_gbps, ring, affected (true, false
// or null), verdict, confidence, evidence, verdict_from ("chip": its own
// evidence; "generation": its generation's), config.
Json chips_json(const std::vector<api::ChipSummary>& chips);
// The same as a table, with the note on inherited verdicts.
std::string chips_text(const std::vector<api::ChipSummary>& chips);

// The generations: a list of objects: name, ring, affected (true, false or
// null), verdict, confidence, evidence, chips (names); and as a table.
Json generations_json(const std::vector<api::GenerationSummary>& generations);
std::string generations_text(const std::vector<api::GenerationSummary>& generations);

}  // namespace anesim::present
