#include <anesim/analysis/decode/step_record_plan.h>

#include <filesystem>

#include <fmt/format.h>

#include <anesim/analysis/decode/split_file.h>
#include <anesim/analysis/decode/split_policy.h>
#include <anesim/io/errors.h>
#include <anesim/io/text_functions.h>
#include <anesim/model/hf_config_reader.h>
#include <anesim/model/model_presets.h>

namespace anesim {

namespace {

ModelDescription record_model(const Trace& trace, const TraceRecord& r) {
  const std::string where = fmt::format("{}:{}: model", trace.path, r.line);
  const bool json = ends_with(r.model, ".json");
  const bool path = r.model.find('/') != std::string::npos || ends_with(r.model, ".yaml") || json;
  try {
    if (path) {
      // A Hugging Face config.json is read as --model reads one.
      const std::filesystem::path dir = std::filesystem::path(trace.path).parent_path();
      const std::string file = (dir / r.model).string();
      return json ? load_hf_config_file(file) : load_model_file(file);
    }
    if (!is_model_preset(r.model)) {
      throw TraceError(fmt::format("{}: '{}' is not a preset (presets: {})", where, r.model,
                                   model_preset_list()));
    }
    return load_model_preset(r.model);
  } catch (const ModelFileError& e) {
    throw TraceError(fmt::format("{}: {}", where, e.what()));
  }
}

}  // namespace

StepPlan step_record_plan(const Trace& trace, const TraceRecord& record, const MachineConfig& cfg,
                          const std::string& config_path, unsigned jobs) {
  const ModelDescription m = record_model(trace, record);
  const std::string where = fmt::format("{}:{}: split_policy", trace.path, record.line);
  try {
    SplitPolicy policy;
    if (record.split_policy == "advised") {
      AdviceSettings s;
      s.config_path = config_path;
      s.jobs = jobs;
      policy = advised_policy(m, cfg, s);
    } else if (record.split_policy != "none") {
      policy = parse_inline_splits(record.split_policy, m, where);
    }
    if (record.programs > m.layers) {
      throw TraceError(fmt::format("{}:{}: programs: {} is more than the {} layers of {}",
                                   trace.path, record.line, record.programs, m.layers, m.name));
    }
    return plan_step(m, policy, record.programs);
  } catch (const TraceError&) {
    throw;
  } catch (const InputError& e) {
    throw TraceError(e.what());
  } catch (const UsageError& e) {
    throw TraceError(fmt::format("{}: {}", where, e.what()));
  }
}

}  // namespace anesim
