#include <anesim/analysis/decode/split_policy.h>

#include <cstdint>

#include <anesim/analysis/advise/advice.h>
#include <anesim/analysis/decode/split_file.h>
#include <anesim/model/model_transfers.h>

namespace anesim {

SplitPolicy advised_policy(const ModelDescription& m, const MachineConfig& cfg,
                           const AdviceSettings& settings) {
  return split_policy_of(
      advise_transfers(model_transfers(m, nullptr), m.element_bytes, cfg, settings));
}

SplitPolicy resolve_split_option(const std::string& text, const ModelDescription& m,
                                 const MachineConfig& cfg, const AdviceSettings& settings) {
  if (text.empty() || text == "none") {
    return SplitPolicy{};
  }
  if (text == "advised") {
    return advised_policy(m, cfg, settings);
  }
  return read_split_file(text, m);
}

}  // namespace anesim
