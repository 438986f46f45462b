// `anesim advise` as text (a table and a per-model summary), JSON and CSV
// (fields: docs/advise.md).
#pragma once

#include <string>

#include <anesim/analysis/advise/advice.h>
#include <anesim/io/json.h>

namespace anesim {

// One transfer's advice as a JSON object (the `projections` entries).
Json transfer_json(const TransferAdvice& a);
// "timing table" when no time of the answer (rows, and a model's steps)
// was simulated or read from the on-disk cache, else "simulation".
const char* answered_from(const AdviceResult& r, const ModelAdvice* m);
// A model: the summary keys, then `projections`.
Json model_advice_json(const ModelAdvice& r);
// One shape (`anesim advise --cin D --cout N --json`): the machine, then
// the transfer's keys.
Json shape_advice_json(const AdviceResult& r);

std::string model_advice_text(const ModelAdvice& r);
std::string shape_advice_text(const AdviceResult& r);

// The per-transfer table, one row per transfer, for compiler pipelines.
std::string advice_csv(const AdviceResult& r);

}  // namespace anesim
