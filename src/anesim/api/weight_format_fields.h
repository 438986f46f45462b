// A request's weight format (--dtype, --kernel, --groups; dtype=, kernel=,
// groups= in Python): its values, the text forms read, and one layer's
// format checked against its shape. Each throws FieldError naming the
// request's field.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <anesim/model/dtype_rules.h>
#include <anesim/model/model_description.h>
#include <anesim/model/weight_format.h>

namespace anesim::api {

// A layer's conv kernel, KH x KW (a request's unset one is 1x1).
using Kernel = std::pair<uint64_t, uint64_t>;

// A request's dtype (--dtype, dtype=): one format for every weight, or a
// format per weight name, as one value. Implicitly made from one format,
// as C++ callers write it (`r.dtype = Dtype::kInt8`); reset(): as the model
// says (a shape: fp16).
struct DtypeChoice {
  DtypeChoice() = default;
  DtypeChoice(Dtype d) : every(d) {}
  DtypeChoice(std::optional<Dtype> d) : every(d) {}
  void reset() { *this = DtypeChoice(); }
  std::optional<Dtype> every;    // every weight, a shape's one; unset: as the model says
  std::vector<DtypeRule> rules;  // then a format per weight name, first match wins
};

// "fp16", "lut4", ... (docs/model-format.md, "Weight formats").
Dtype dtype_field(const std::string& text, const std::string& field = "dtype");
// "lut4" (every weight: the rule "*"), or a format per weight name,
// "lm_head=lut6,*=lut4" (model/dtype_rules.h).
std::vector<DtypeRule> dtype_rules_field(const std::string& text,
                                         const std::string& field = "dtype");
// "lut4" (every weight) or "lm_head=lut6,*=lut4" (per weight name).
DtypeChoice dtype_choice_field(const std::string& text, const std::string& field = "dtype");
// `d` applied to a model's weights: `every`, then `rules`
// (apply_dtype_rules_field).
void apply_dtype_field(ModelDescription& m, const DtypeChoice& d,
                       const std::string& field = "dtype");
// Applies `rules` to `m`; a pattern that matches no weight is a FieldError
// naming the model's weights.
void apply_dtype_rules_field(ModelDescription& m, const std::vector<DtypeRule>& rules,
                             const std::string& field = "dtype");
// "KHxKW", e.g. "3x3".
Kernel kernel_field(const std::string& text, const std::string& field = "kernel");

// One layer's format: kh and kw within 1..4096, groups within 1..cin that
// divide cin and cout, and a per-core transfer below 2^32 lines.
WeightFormat check_layer_format(uint64_t cin, uint64_t cout, const std::optional<Dtype>& dtype,
                                const std::optional<Kernel>& kernel,
                                const std::optional<uint64_t>& groups);

}  // namespace anesim::api
