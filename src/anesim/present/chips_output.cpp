#include <anesim/present/chips_output.h>

#include <algorithm>

#include <fmt/format.h>

#include <anesim/io/text_functions.h>
// Marked keep: variant_name, in a row of chips_json_keys.def, which IWYU
// does not see.
#include <sim/ring/ring_variant.h>  // IWYU pragma: keep

namespace anesim::present {

Json chips_json(const std::vector<api::ChipSummary>& chips) {
  Json out = Json::array();
  for (const api::ChipSummary& s : chips) {
    const ChipEntry& c = s.chip;
    Json j;
    // Each key as chips_json_keys.def declares it, in its order.
#define ANESIM_RESULT_KEY(key, type, when, value, ...) \
  if (when) j[#key] = value;
#include <anesim/present/chips_json_keys.def>
#undef ANESIM_RESULT_KEY
    out.push_back(std::move(j));
  }
  return out;
}

std::string chips_text(const std::vector<api::ChipSummary>& rows) {
  // Read back from the JSON, so that the table shows its rounded values.
  const Json chips = chips_json(rows);
  // The verdict's source: "*" marks a chip that inherits its generation's.
  // The name column as wide as the longest name, so a longer one stays aligned.
  size_t name_width = 8;
  for (const Json& c : chips)
    name_width = std::max(name_width, c["name"].get<std::string>().size());
  std::string text =
      fmt::format("{:<{}} {:<12} {:<4} {:<22} {:>6}  {:<15} {:<14} {:<11} {}\n", "chip", name_width,
                  "family", "ANE", "memory", "GB/s", "ring", "notch", "confidence", "evidence");
  for (const Json& c : chips) {
    const std::string notch = c["affected"].is_null()     ? "unknown"
                              : c["affected"].get<bool>() ? "affected"
                                                          : "not affected";
    const bool inherited = c["verdict_from"] == "generation";
    std::string family;
    for (const Json& f : c["family"]) family += (family.empty() ? "" : ",") + f.get<std::string>();
    text += fmt::format("{:<{}} {:<12} {:<4} {:<22} {:>6.1f}  {:<15} {:<14} {:<11} {}\n",
                        c["name"].get<std::string>(), name_width, family,
                        c["generation"].get<std::string>(), c["memory"].get<std::string>(),
                        c["peak_gbps"].get<double>(), c["ring"].get<std::string>(),
                        notch + (inherited ? "*" : ""), c["confidence"].get<std::string>(),
                        c["evidence"].get<std::string>());
  }
  text = terminal_text(text);
  text += "* the generation's verdict: no evidence of the chip's own (docs/chips.md)\n";
  return text;
}

Json generations_json(const std::vector<api::GenerationSummary>& generations) {
  Json out = Json::array();
  for (const api::GenerationSummary& s : generations) {
    const NotchVerdict& v = s.generation.notch;
    Json j;
    // Each key as generation_json_keys.def declares it, in its order.
#define ANESIM_RESULT_KEY(key, type, when, value, ...) \
  if (when) j[#key] = value;
#include <anesim/present/generation_json_keys.def>
#undef ANESIM_RESULT_KEY
    out.push_back(std::move(j));
  }
  return out;
}

std::string generations_text(const std::vector<api::GenerationSummary>& generations) {
  std::string text = fmt::format("{:<4} {:<15} {:<31} {:<45} {}\n", "ANE", "ring", "verdict",
                                 "confidence", "chips");
  for (const api::GenerationSummary& s : generations) {
    std::string chips;
    for (const std::string& c : s.chips) chips += (chips.empty() ? "" : ", ") + c;
    const NotchVerdict& v = s.generation.notch;
    text += fmt::format("{:<4} {:<15} {:<31} {:<45} {}\n", s.generation.name, s.generation.ring,
                        v.verdict, v.confidence, chips);
  }
  return terminal_text(text);
}

}  // namespace anesim::present
