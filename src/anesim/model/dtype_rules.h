// A format per weight by name (`--dtype lm_head=lut6,*=lut4`, Python's
// dtype={"lm_head": "lut6", "*": "lut4"}): each weight takes the format of
// the first rule whose pattern matches its name, as the advice rows name
// it (q_proj, lm_head, a file tensor's name pattern); a weight no rule
// matches keeps the format the model gives it.
#pragma once

#include <string>
#include <vector>

#include <anesim/model/model_description.h>
#include <anesim/model/weight_format.h>

namespace anesim {

struct DtypeRule {
  std::string pattern;  // shell-style: '*' any run of characters, '?' one
  Dtype dtype = Dtype::kFp16;
};

// Whether `name` matches `pattern` as a whole.
bool name_matches(const std::string& pattern, const std::string& name);

// Applies `rules` to every projection, the lm_head and each file tensor.
// A "*" rule also sets the model's own dtype. Returns the patterns that
// matched no weight (the caller names them as an error), in rule order.
std::vector<std::string> apply_dtype_rules(ModelDescription& m,
                                           const std::vector<DtypeRule>& rules);

}  // namespace anesim
