#include <anesim/model/model_description.h>

#include <yaml-cpp/yaml.h>

#include <sys/stat.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <map>
#include <optional>

#include <fmt/format.h>

#include <anesim/io/errors.h>
#include <anesim/io/text_functions.h>
#include <anesim/io/yaml_section.h>
#include <anesim/model/model_transfers.h>

namespace anesim {

namespace {

// A model description is a few KiB; anything near this is the wrong file.
constexpr size_t kMaxModelFileBytes = size_t{1} << 20;

// A count of parameters no model file should exceed (10^15); it only guards
// against a stray digit, since parameter_count() is a double anyway.
constexpr uint64_t kMaxExtraParameters = 1000000000000000ULL;

const char* const kKeyHint = "docs/model-format.md lists every key";

// `name` becomes a preset file name (configs/models/NAME.yaml) and a word on
// the command line, so it is kept to characters that need no quoting.
bool is_preset_name(const std::string& s) {
  if (s.empty()) {
    return false;
  }
  for (const char c : s) {
    const bool ok =
        (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' || c == '-' || c == '_';
    if (!ok) {
      return false;
    }
  }
  return true;
}

ProjectionRole role_from_name(const std::string& name) {
  if (name == "q_proj" || name == "k_proj" || name == "v_proj") {
    return ProjectionRole::kAttentionInput;
  }
  if (name == "o_proj") return ProjectionRole::kAttentionOutput;
  if (name == "gate_proj" || name == "up_proj") return ProjectionRole::kMlpInput;
  if (name == "down_proj") return ProjectionRole::kMlpOutput;
  return ProjectionRole::kNone;
}

Dtype read_dtype(YamlSection& s, const char* key, Dtype fallback) {
  if (!s.has(key)) return fallback;
  const std::string text = s.text(key);
  const std::optional<Dtype> d = dtype_named(text);
  if (!d) {
    s.fail_at(key,
              fmt::format("'{}' is not a dtype (expected {})", printable(text, 60), dtype_list()));
  }
  return *d;
}

// A projection's stored format: its dtype, kernel and groups, checked
// against its shape (groups divide both channel counts).
WeightFormat read_format(YamlSection& item, uint64_t cin, uint64_t cout, Dtype model_dtype) {
  WeightFormat f;
  f.dtype = read_dtype(item, "dtype", model_dtype);
  if (item.has("kernel")) {
    const std::string text = item.text("kernel");
    const auto k = kernel_from_text(text);
    if (!k) {
      item.fail_at("kernel", fmt::format("expected KHxKW with each 1..4096 (e.g. 3x3), got '{}'",
                                         printable(text, 60)));
    }
    f.kh = k->first;
    f.kw = k->second;
  }
  f.groups = static_cast<uint32_t>(item.integer_or("groups", 1, UINT32_MAX, 1));
  if (cin % f.groups != 0 || cout % f.groups != 0) {
    item.fail_at("groups",
                 fmt::format("{} does not divide cin {} and cout {}", f.groups, cin, cout));
  }
  if (payload_lines(cin, cout, f) == 0) {
    item.fail_at("cout", fmt::format("cin {} x cout {} needs more than 2^32-1 lines per core ({})",
                                     cin, cout, format_text(f)));
  }
  return f;
}

StepOps read_step_ops(YamlSection& s) {
  StepOps o;
  const auto count = [&s](const char* key, uint32_t fallback) {
    return static_cast<uint32_t>(s.integer_or(key, 0, 10000, fallback));
  };
  o.norm = count("norm", o.norm);
  o.attention = count("attention", o.attention);
  o.activation = count("activation", o.activation);
  o.residual = count("residual", o.residual);
  o.outside_layers = count("outside_layers", o.outside_layers);
  o.split_slice = count("split_slice", o.split_slice);
  o.split_join = count("split_join", o.split_join);
  s.reject_unknown(kKeyHint);
  return o;
}

Projection read_projection(YamlSection& item, Dtype model_dtype) {
  Projection p;
  p.name = item.text("name");
  if (p.name.empty()) {
    item.fail_at("name", "expected a non-empty name");
  }
  p.cin = item.integer("cin", 1, UINT32_MAX);
  p.cout = item.integer("cout", 1, UINT32_MAX);
  // Checked where it is read: the transfer of this shape must fit a 32-bit
  // line count per core.
  p.format = read_format(item, p.cin, p.cout, model_dtype);
  p.count = static_cast<uint32_t>(item.integer_or("count", 1, 1000, 1));
  p.role = role_from_name(p.name);
  if (item.has("role")) {
    const std::string role = item.text("role");
    p.role = ProjectionRole::kNone;
    for (const ProjectionRole r :
         {ProjectionRole::kAttentionInput, ProjectionRole::kAttentionOutput,
          ProjectionRole::kMlpInput, ProjectionRole::kMlpOutput}) {
      if (role == projection_role_name(r)) p.role = r;
    }
    if (p.role == ProjectionRole::kNone) {
      item.fail_at("role", fmt::format("'{}' is not a role (attention_input, attention_output, "
                                       "mlp_input or mlp_output)",
                                       printable(role, 60)));
    }
  }
  item.reject_unknown(kKeyHint);
  return p;
}

void model_failure(const std::string& message) { throw ModelFileError(message); }

ModelDescription parse_document(YamlSection top, const std::string& origin) {
  ModelDescription m;
  m.source = origin;
  m.name = top.text("name");
  if (!is_preset_name(m.name)) {
    top.fail_at("name", fmt::format("expected lowercase letters, digits, '.', '-' or '_', got '{}'",
                                    printable(m.name, 60)));
  }
  m.display_name = top.text("display_name");
  if (m.display_name.empty()) {
    top.fail_at("display_name", "expected a non-empty name");
  }
  m.published_parameters = top.positive_real("published_parameters", 1, 1e15);
  m.element_bytes = static_cast<uint32_t>(top.integer_or("element_bytes", 1, 8, 2));
  if (top.has("element_bytes") && top.has("dtype")) {
    top.fail_at("element_bytes", "give dtype or element_bytes, not both");
  }
  if (const std::optional<Dtype> d = dtype_of_bytes(m.element_bytes)) {
    m.dtype = *d;
  } else {
    top.fail_at("element_bytes", fmt::format("{} bytes is not a weight format (1: int8, 2: fp16, "
                                             "4: fp32; or give dtype: {})",
                                             m.element_bytes, dtype_list()));
  }
  m.dtype = read_dtype(top, "dtype", m.dtype);
  m.element_bytes = dtype_bits(m.dtype) % 8 == 0 ? dtype_bits(m.dtype) / 8 : 0;
  m.lm_head_dtype = m.dtype;
  m.layers = static_cast<uint32_t>(top.integer("layers", 1, 1000));
  m.hidden = top.integer("hidden", 1, UINT32_MAX);

  // Names must be unique: the advisor reports per projection, and two
  // entries called the same would be indistinguishable in its output.
  std::map<std::string, int> first_line;
  for (YamlSection& item : top.items("projections", 1)) {
    Projection p = read_projection(item, m.dtype);
    const auto [it, fresh] = first_line.emplace(p.name, item.mark_of("name").line + 1);
    if (!fresh) {
      item.fail_at("name", fmt::format("duplicate projection name '{}' (first given at line {})",
                                       printable(p.name, 60), it->second));
    }
    m.projections.push_back(std::move(p));
  }

  // Optional: a synthetic decode step has neither (absent: none).
  if (top.has("embedding")) {
    YamlSection e = top.child("embedding");
    m.vocab = e.integer("vocab", 1, UINT32_MAX);
    m.embedding_dim = e.integer("dim", 1, UINT32_MAX);
    m.embedding_streamed = e.boolean_or("streamed", false);
    // The embedding's rows are the residual stream's width in every decoder
    // LLM; a mismatch is a transcription slip, caught here.
    if (m.embedding_dim != m.hidden) {
      e.fail_at("dim", fmt::format("{} differs from hidden ({})", m.embedding_dim, m.hidden));
    }
    e.reject_unknown(kKeyHint);
  }
  m.lm_head_streamed = false;
  if (top.has("lm_head")) {
    YamlSection h = top.child("lm_head");
    m.lm_head_cin = h.integer("cin", 1, UINT32_MAX);
    m.lm_head_cout = h.integer("cout", 1, UINT32_MAX);
    m.lm_head_shards = static_cast<uint32_t>(h.integer_or("shards", 1, 1024, 1));
    m.lm_head_dtype = read_dtype(h, "dtype", m.dtype);
    if (payload_lines(m.lm_head_cin, m.lm_head_cout, WeightFormat{m.lm_head_dtype}) == 0) {
      h.fail_at("cout", fmt::format("cin {} x cout {} needs more than 2^32-1 lines per core",
                                    m.lm_head_cin, m.lm_head_cout));
    }
    m.lm_head_tied = h.boolean_or("tied", false);
    m.lm_head_streamed = h.boolean_or("streamed", true);
    if (m.lm_head_cin != m.hidden) {
      h.fail_at("cin", fmt::format("{} differs from hidden ({})", m.lm_head_cin, m.hidden));
    }
    // Shards get ceil(cout / shards) rows each; more shards than rows would
    // leave some empty, which no converter produces.
    if (m.lm_head_shards > m.lm_head_cout) {
      h.fail_at("shards", fmt::format("{} shards exceed the {} output rows", m.lm_head_shards,
                                      m.lm_head_cout));
    }
    h.reject_unknown(kKeyHint);
  }
  m.extra_parameters = top.integer_or("extra_parameters", 0, kMaxExtraParameters, 0);
  if (top.has("step_ops")) {
    YamlSection ops = top.child("step_ops");
    m.step_ops = read_step_ops(ops);
  }
  top.reject_unknown(kKeyHint);
  return m;
}

}  // namespace

const char* projection_role_name(ProjectionRole r) {
  switch (r) {
    case ProjectionRole::kAttentionInput:
      return "attention_input";
    case ProjectionRole::kAttentionOutput:
      return "attention_output";
    case ProjectionRole::kMlpInput:
      return "mlp_input";
    case ProjectionRole::kMlpOutput:
      return "mlp_output";
    case ProjectionRole::kNone:
      break;
  }
  return "";
}

std::string findings_text(const std::vector<std::string>& findings) {
  if (findings.empty()) return "";
  std::string out = "Findings:\n";
  for (const std::string& f : findings) out += "  " + printable(f, 600) + "\n";
  return out;
}

double ModelDescription::parameter_count() const {
  if (!streams.empty()) return published_parameters;
  if (!program_tasks.empty()) {  // a compiled program: its streamed weights
    double sum = 0;
    for (const ProgramTask& t : program_tasks) {
      sum += static_cast<double>(t.cin / t.format.groups) * static_cast<double>(t.cout) *
             t.format.kh * t.format.kw;
    }
    return sum;
  }
  double per_layer = 0;
  for (const Projection& p : projections) {
    per_layer += static_cast<double>(p.cin) * static_cast<double>(p.cout) * p.count;
  }
  const double lm_head =
      lm_head_tied ? 0.0 : static_cast<double>(lm_head_cin) * static_cast<double>(lm_head_cout);
  const double norms = 2.0 * layers * static_cast<double>(hidden) + static_cast<double>(hidden);
  return layers * per_layer + static_cast<double>(vocab) * static_cast<double>(embedding_dim) +
         lm_head + norms + static_cast<double>(extra_parameters);
}

void set_dtype(ModelDescription& m, Dtype d) {
  m.dtype = d;
  m.lm_head_dtype = d;
  m.element_bytes = dtype_bits(d) % 8 == 0 ? dtype_bits(d) / 8 : 0;
  for (Projection& p : m.projections) p.format.dtype = d;
  for (WeightStream& w : m.streams) w.dtype = d;
}

ModelDescription parse_model_description(const std::string& text, const std::string& origin) {
  try {
    return parse_document(load_yaml_document(text, origin, model_failure), origin);
  } catch (const YAML::Exception& e) {
    // A yaml-cpp error while walking the tree (e.g. a bad alias); the
    // reader's own checks throw ModelFileError and pass through.
    throw ModelFileError(fmt::format("{}: not a valid model description: {}",
                                     yaml_where(origin, e.mark), printable(e.msg)));
  }
}

ModelDescription parse_model_description_tree(const YAML::Node& root, const std::string& origin) {
  try {
    return parse_document(yaml_document_node(root, origin, model_failure), origin);
  } catch (const YAML::Exception& e) {
    // A yaml-cpp error while walking the tree (e.g. a bad alias); the
    // reader's own checks throw ModelFileError and pass through.
    throw ModelFileError(fmt::format("{}: not a valid model description: {}",
                                     yaml_where(origin, e.mark), printable(e.msg)));
  }
}

ModelDescription load_model_file(const std::string& path) {
  if (path.empty()) {
    throw ModelFileError("model file: empty file name");
  }
  struct stat st {};
  if (stat(path.c_str(), &st) != 0) {
    throw ModelFileError(fmt::format("{}: cannot open model file: {}", path, std::strerror(errno)));
  }
  if (S_ISDIR(st.st_mode)) {
    throw ModelFileError(fmt::format("{}: cannot open model file: is a directory", path));
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    throw ModelFileError(fmt::format("{}: cannot open model file: {}", path, std::strerror(errno)));
  }
  // Read at most one byte past the limit (a pipe has no size to stat).
  std::string text(kMaxModelFileBytes + 1, '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  if (in.bad()) {
    throw ModelFileError(fmt::format("{}: cannot read model file: {}", path, std::strerror(errno)));
  }
  text.resize(static_cast<size_t>(in.gcount()));
  if (text.size() > kMaxModelFileBytes) {
    throw ModelFileError(fmt::format(
        "{}: model file too large (more than {} bytes; a model description is a few KiB)", path,
        kMaxModelFileBytes));
  }
  return parse_model_description(text, path);
}

}  // namespace anesim
