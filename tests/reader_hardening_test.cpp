// The readers compare what records mean and refuse what YAML cannot hold:
// decode-step records keyed by normalized model, sorted split policy and
// programs (within a file and across files); a NUL, a second document or
// too deep a nesting in any YAML file named by line and column; a NUL in a
// trace field kept in the message; the safetensors header's and index's
// JSON read as the format says, each object's keys once.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <anesim/analysis/trace/trace_format.h>
#include <anesim/machine/builtin_config.h>
#include <anesim/machine/machine_config_reader.h>
#include <anesim/model/model_description.h>
#include <anesim/model/safetensors_header.h>
#include <anesim/model/safetensors_json.h>
#include "tests/fuzz/fuzz_record_targets.h"
#include "tests/test_support.h"

namespace anesim {
namespace {

const std::string kStepHeader =
    "# anesim-trace: 1.1\n# source: test\n# device: none\n# date: 2026-01-01\n# units: ms\n"
    "# timed: one step\n# records: decode-step\n";

std::string refused(const std::string& text) {
  try {
    parse_trace(text, "t.csv");
  } catch (const TraceError& e) {
    return e.what();
  }
  return "(accepted)";
}

Trace steps(const std::string& rows, const std::string& path) {
  Trace t = parse_trace(kStepHeader + "curve,model,split_policy,programs,median\n" + rows, path);
  t.path = path;
  return t;
}

std::string config_refused(const std::string& text) {
  try {
    parse_config(text, "c.yaml");
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "(accepted)";
}

std::string model_refused(const std::string& text) {
  try {
    parse_model_description(text, "m.yaml");
  } catch (const ModelFileError& e) {
    return e.what();
  }
  return "(accepted)";
}

// Every seed of a fuzz target through its contract (an abort fails the run).
template <typename Fn>
size_t replay_seeds(const std::string& target, Fn fn) {
  size_t n = 0;
  const std::filesystem::path dir =
      std::filesystem::path(ANESIM_SOURCE_DIR) / "tests" / "fuzz" / "corpus" / target;
  for (const auto& e : std::filesystem::directory_iterator(dir)) {
    std::ifstream in(e.path(), std::ios::binary);
    std::stringstream bytes;
    bytes << in.rdbuf();
    const std::string b = bytes.str();
    fn(reinterpret_cast<const uint8_t*>(b.data()), b.size());
    ++n;
  }
  return n;
}

}  // namespace

TEST_CASE("fuzz seeds: decode-step records, the safetensors index, split files",
          "[fuzz][readers]") {
  CHECK(replay_seeds("step_records", fuzz::step_records_one) >= 3);
  CHECK(replay_seeds("index", fuzz::index_one) >= 3);
  CHECK(replay_seeds("split_file", fuzz::split_file_one) >= 5);
}

TEST_CASE("decode-step records: one step spelled two ways is one record", "[trace][readers]") {
  const std::string cols = "curve,model,split_policy,programs,median\n";
  CHECK_THAT(refused(kStepHeader + cols + "c,m.yaml,gate_proj=3;up_proj=3,1,5\n" +
                     "c,./m.yaml,up_proj=03;gate_proj=3,1,6\n"),
             Catch::Contains("t.csv:10: duplicate record: curve c, model ./m.yaml, split_policy "
                             "up_proj=03;gate_proj=3, programs 1 is already on line 9"));
  CHECK_THAT(refused(kStepHeader + cols + "c,llama-3.2-1b,none,1,5\nc,llama-3.2-1b,none,,6\n"),
             Catch::Contains("duplicate record"));
  // Other programs, another policy: other steps.
  CHECK(steps("c,m.yaml,none,1,5\nc,m.yaml,none,2,6\nc,m.yaml,advised,1,7\n", "a.csv")
            .records.size() == 3);
}

TEST_CASE("decode-step records across files: compared by what they mean", "[trace][readers]") {
  // Two different steps under one curve name are not duplicates.
  const Trace a = steps("c,llama-3.2-1b,none,1,5\n", "a.csv");
  const Trace b = steps("c,llama-3.2-1b,gate_proj=2,1,6\n", "b.csv");
  CHECK_NOTHROW(refuse_repeated_records({a, b}));
  const Trace c = steps("c,./llama-3.2-1b,none,1,7\n", "c.csv");
  try {
    refuse_repeated_records({a, c});
    FAIL("a repeated step was accepted");
  } catch (const TraceError& e) {
    const std::string msg = e.what();
    CHECK_THAT(msg, Catch::Contains("c.csv:9: duplicate record: curve c, model ./llama-3.2-1b, "
                                    "split_policy none, programs 1 is already in a.csv:9"));
    CHECK_THAT(msg, !Catch::Contains("lines per core"));
  }
}

TEST_CASE("trace messages keep a NUL in a field visible", "[trace][readers]") {
  const std::string nul = refused(kStepHeader + "curve,model,split_policy,median\n" +
                                  std::string("c\0x,m,none,5\n", 13));
  CHECK_THAT(nul, Catch::Contains("'c\\x00x' is not a curve name"));
  CHECK(nul.find('\0') == std::string::npos);
}

TEST_CASE("YAML readers: one document, no NUL, bounded depth", "[config][readers]") {
  const std::string base = kBuiltinConfigYaml;
  CHECK_THAT(config_refused(base + "\n---\nane: {cores: 1}\n"),
             Catch::Contains("a second YAML document"));
  CHECK_THAT(config_refused(std::string("dram:\n  clock_mhz: 3\0x\n", 22)),
             Catch::Contains("c.yaml:2:15: not valid YAML: a NUL byte"));
  const std::string deep = "a: " + std::string(3000, '[') + std::string(3000, ']') + "\n";
  CHECK_THAT(config_refused(deep),
             Catch::Contains("c.yaml:1:") && Catch::Contains("nested more than 64 levels deep"));
  CHECK_THAT(model_refused("name: a\n---\nname: b\n"),
             Catch::Contains("m.yaml:2:1: ") && Catch::Contains("a second YAML document"));
  CHECK_THAT(model_refused(deep), Catch::Contains("nested more than 64 levels deep"));
  CHECK_THAT(model_refused(std::string("name: a\0\n", 9)), Catch::Contains("m.yaml:1:8"));
}

}  // namespace anesim

namespace anesim {

TEST_CASE("messages name what is wrong, not an option never given", "[cli][readers]") {
  const test::Outcome merge = test::run_anesim(std::vector<std::string>{"merge"});
  CHECK(merge.rc == 2);
  CHECK_THAT(merge.err, Catch::Contains("merge needs its parts (none given)") &&
                            !Catch::Contains("parts is required"));
  // A valid checkpoint whose tensors are not named model.layers.N.*.
  const std::string dir = test::fresh_dir("anesim-reader-messages");
  const std::string header =
      R"({"w.weight":{"dtype":"F16","shape":[64,64],"data_offsets":[0,8192]}})";
  std::string file(8, '\0');
  for (size_t i = 0; i < 8; ++i) file[i] = static_cast<char>((header.size() >> (8 * i)) & 0xff);
  file += header + std::string(8192, '\0');
  std::ofstream(dir + "/w.safetensors", std::ios::binary) << file;
  const test::Outcome decode =
      test::run_anesim({"decode", "--model", dir + "/w.safetensors", "--split", "none"});
  CHECK(decode.rc == 5);
  CHECK_THAT(decode.err, Catch::Contains("no decoder layers") && !Catch::Contains("--programs"));
  // advise --model plans the same step, so it says the same.
  const test::Outcome advise = test::run_anesim({"advise", "--model", dir + "/w.safetensors"});
  CHECK(advise.rc == 5);
  CHECK_THAT(advise.err, Catch::Contains("no decoder layers") && !Catch::Contains("--programs"));
}

// A safetensors file of `json` as its header and `data` bytes after it.
static std::string safetensors_error(const std::string& json, uint64_t data = 4) {
  std::string head(8, '\0');
  for (int i = 0; i < 8; ++i) head[i] = static_cast<char>((json.size() >> (8 * i)) & 0xff);
  head += json;
  try {
    parse_safetensors_header(head, head.size() + data, "t.safetensors");
  } catch (const ModelFileError& e) {
    return e.what();
  }
  return "";
}

TEST_CASE("safetensors JSON: entries as the format says, each key once", "[model][readers]") {
  const std::string w = R"("w": {"dtype": "F16", "shape": [2], "data_offsets": [0, 4]})";
  CHECK(safetensors_error("{" + w + "}").empty());
  CHECK(safetensors_error(R"({"__metadata__": {"a": {"b": [1, {"c": 2}]}}, )" + w + "}").empty());
  // A key twice inside __metadata__, at any depth; __metadata__ twice.
  CHECK_THAT(safetensors_error(R"({"__metadata__": {"a": {"b": 1, "b": 2}}, )" + w + "}"),
             Catch::StartsWith("t.safetensors: header: key 'b' given twice in one object"));
  CHECK_THAT(safetensors_error(R"({"__metadata__": {}, "__metadata__": {}, )" + w + "}"),
             Catch::Contains("tensor '__metadata__' given twice"));
  CHECK_THAT(safetensors_error("{" + w + ", " + w + "}"),
             Catch::Contains("tensor 'w' given twice"));
  CHECK_THAT(
      safetensors_error(
          R"({"w": {"dtype": "F16", "dtype": "F16", "shape": [2], "data_offsets": [0, 4]}})"),
      Catch::Contains("header: key 'dtype' given twice in one object"));
  // Each field's shape of value, and a missing field.
  CHECK_THAT(
      safetensors_error(R"({"w": {"dtype": "F16", "shape": [[2]], "data_offsets": [0, 4]}})"),
      Catch::Contains("header: w.shape: expected a whole number, got a list"));
  CHECK_THAT(safetensors_error(R"({"w": {"dtype": "F16", "shape": [-2], "data_offsets": [0, 4]}})"),
             Catch::Contains("header: w.shape: expected a whole number, got -2"));
  CHECK_THAT(
      safetensors_error(
          R"({"w": {"dtype": "F16", "shape": [1,1,1,1,1,1,1,1,2], "data_offsets": [0, 4]}})"),
      Catch::Contains("w.shape: expected a list of at most 8 dimensions"));
  CHECK_THAT(
      safetensors_error(R"({"w": {"dtype": "F16", "shape": [2], "data_offsets": [0, 2, 4]}})"),
      Catch::Contains("w.data_offsets: expected [begin, end]"));
  CHECK_THAT(safetensors_error(R"({"w": {"dtype": "F16", "shape": [2], "data_offsets": [0]}})"),
             Catch::Contains("w.data_offsets: expected [begin, end]"));
  CHECK_THAT(
      safetensors_error(R"({"w": {"dtype": ["F16"], "shape": [2], "data_offsets": [0, 4]}})"),
      Catch::Contains("w.dtype: expected a dtype name such as F16"));
  CHECK_THAT(safetensors_error(R"({"w": {"shape": [2], "data_offsets": [0, 4]}})"),
             Catch::Contains("w.dtype: expected a dtype name such as F16"));
  CHECK_THAT(safetensors_error(R"({"w": {"dtype": "F16", "data_offsets": [0, 4]}})"),
             Catch::Contains("w.shape: expected a list"));
  CHECK_THAT(safetensors_error(R"({"w": [1]})"),
             Catch::Contains("header: w: expected an object with dtype, shape and data_offsets"));
  CHECK_THAT(
      safetensors_error(R"({"w": {"dtype": "F16", "shape": [1e999], "data_offsets": [0, 4]}})"),
      Catch::Contains("number overflow"));
  // The tensors come sorted by name, whatever the file's order.
  const std::string two = R"({"b": {"dtype": "F16", "shape": [1], "data_offsets": [0, 2]}, )"
                          R"("a": {"dtype": "F16", "shape": [1], "data_offsets": [2, 4]}})";
  std::string head(8, '\0');
  head[0] = static_cast<char>(two.size());
  head += two;
  const std::vector<SafetensorsTensor> t = parse_safetensors_header(head, head.size() + 4, "t");
  REQUIRE(t.size() == 2);
  CHECK(t[0].name == "a");
  CHECK(t[0].begin == 2);
  CHECK(t[1].name == "b");
}

TEST_CASE("safetensors index JSON: one weight_map of strings, each key once", "[model][readers]") {
  const auto index_error = [](const std::string& text) {
    try {
      read_index_json(text, "i.json");
    } catch (const ModelFileError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  const IndexWeightMap m = read_index_json(
      R"({"metadata": {"total_size": 8, "x": [1, {}]}, "weight_map": {"b": "s1", "a": "s2"}})",
      "i.json");
  CHECK(m.present);
  REQUIRE(m.shards.size() == 2);
  CHECK(m.shards[0] == std::make_pair(std::string("a"), std::string("s2")));
  CHECK(!read_index_json(R"({"metadata": {}})", "i.json").present);
  CHECK_THAT(index_error(R"({"weight_map": {"a": "s"}, "weight_map": {"a": "s"}})"),
             Catch::StartsWith("i.json: index: key 'weight_map' given twice in one object"));
  CHECK_THAT(index_error(R"({"weight_map": {"a": "s", "a": "t"}})"),
             Catch::Contains("index: key 'a' given twice in one object"));
  CHECK_THAT(index_error(R"({"metadata": {"k": 1, "k": 2}, "weight_map": {"a": "s"}})"),
             Catch::Contains("index: key 'k' given twice in one object"));
  CHECK_THAT(index_error(R"({"weight_map": {"a": 3}})"),
             Catch::Contains("weight_map.a: expected a shard file name beside the index"));
  CHECK_THAT(index_error(R"({"weight_map": {"a": ["s"]}})"),
             Catch::Contains("weight_map.a: expected a shard file name beside the index"));
  CHECK_THAT(index_error(R"({"weight_map": ["a"]})"),
             Catch::Contains("weight_map: expected an object of tensor name to shard file"));
  CHECK_THAT(index_error("[]"), Catch::Contains("not a JSON object"));
  CHECK_THAT(index_error(R"({"weight_map": {"a": "s"})"), Catch::Contains("index is not JSON"));
}

}  // namespace anesim
