#include <anesim/model/model_description_tree.h>

#include <algorithm>
#include <cmath>
#include <string>

namespace anesim {

std::optional<Json> model_description_tree(const ModelDescription& m) {
  if (!m.streams.empty() || m.compiled_program) return std::nullopt;
  Json j;
  j["name"] = m.name;
  j["display_name"] = m.display_name;
  // At least one: a file's own count can round to zero for a toy model.
  j["published_parameters"] = std::max(1.0, std::round(m.published_parameters));
  j["dtype"] = dtype_name(m.dtype);
  j["layers"] = m.layers;
  j["hidden"] = m.hidden;
  Json projections = Json::array();
  for (const Projection& p : m.projections) {
    Json pj;
    pj["name"] = p.name;
    pj["cin"] = p.cin;
    pj["cout"] = p.cout;
    pj["count"] = p.count;
    pj["dtype"] = dtype_name(p.format.dtype);
    if (p.format.kh != 1 || p.format.kw != 1) {
      pj["kernel"] = std::to_string(p.format.kh) + "x" + std::to_string(p.format.kw);
    }
    if (p.format.groups != 1) pj["groups"] = p.format.groups;
    if (p.role != ProjectionRole::kNone) pj["role"] = projection_role_name(p.role);
    projections.push_back(pj);
  }
  j["projections"] = projections;
  if (m.vocab > 0) {
    j["embedding"] = {
        {"vocab", m.vocab}, {"dim", m.embedding_dim}, {"streamed", m.embedding_streamed}};
  }
  if (m.lm_head_cout > 0) {
    j["lm_head"] = {{"cin", m.lm_head_cin},       {"cout", m.lm_head_cout},
                    {"shards", m.lm_head_shards}, {"dtype", dtype_name(m.lm_head_dtype)},
                    {"tied", m.lm_head_tied},     {"streamed", m.lm_head_streamed}};
  }
  j["extra_parameters"] = m.extra_parameters;
  const StepOps& o = m.step_ops;
  j["step_ops"] = {{"norm", o.norm},
                   {"attention", o.attention},
                   {"activation", o.activation},
                   {"residual", o.residual},
                   {"outside_layers", o.outside_layers},
                   {"split_slice", o.split_slice},
                   {"split_join", o.split_join}};
  return j;
}

}  // namespace anesim
