#include <anesim/analysis/decode/split_policy.h>

#include <algorithm>

#include <anesim/analysis/advise/advice.h>

namespace anesim {

SplitPolicy advised_policy(const ModelDescription& m, const MachineConfig& cfg,
                           const AdviceSettings& settings) {
  const AdviceResult advice =
      advise_transfers(model_transfers(m, nullptr), m.element_bytes, cfg, settings);
  SplitPolicy policy;
  policy.label = "advised";
  for (const TransferAdvice& a : advice.rows) {
    // The lm_head's shards share a name: the largest advised split covers them.
    if (a.split > 1) {
      uint32_t& n = policy.chunks[a.transfer.name];
      n = std::max(n, a.split);
    }
  }
  return policy;
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
