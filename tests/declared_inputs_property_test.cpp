// Property: on random folders of descriptions, bases, tables, a model
// index, its shards and links among them, the output gate refuses an
// output exactly when it is (by device and inode) a file the request
// reads, whatever name or link reaches it (src/anesim/api/declared_inputs.h).
#include <catch2/catch.hpp>

#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <anesim/api/declared_inputs.h>
#include <anesim/io/errors.h>
#include <anesim/machine/chip_registry.h>

#include "tests/test_support.h"

using namespace anesim;
namespace fs = std::filesystem;

namespace {

const std::string kSource = ANESIM_SOURCE_DIR;

std::pair<dev_t, ino_t> id_of(const std::string& path) {
  struct stat st {};
  if (stat(path.c_str(), &st) != 0) return {0, 0};
  return {st.st_dev, st.st_ino};
}

}  // namespace

TEST_CASE("property: no output replaces a file the request reads", "[robust][outputs][property]") {
  std::mt19937 rng(20261205);
  const auto pick = [&rng](size_t n) {
    return std::uniform_int_distribution<size_t>(0, n - 1)(rng);
  };
  for (int round = 0; round < 40; ++round) {
    const std::string dir = test::fresh_dir("anesim-gate");
    // A chain of 1..3 bases under the description, the last over the M4.
    const size_t depth = 1 + pick(3);
    std::vector<std::string> read;  // every file the request reads
    std::ofstream(dir + "/b0.yaml") << test::slurp(kSource + "/configs/chips/m4.yaml");
    read.push_back(dir + "/b0.yaml");
    for (size_t i = 1; i < depth; ++i) {
      std::ofstream(dir + "/b" + std::to_string(i) + ".yaml") << "base: b" << i - 1 << ".yaml\n";
      read.push_back(dir + "/b" + std::to_string(i) + ".yaml");
    }
    const std::string desc = dir + "/d.yaml";
    std::ofstream(desc) << "base: b" << depth - 1 << ".yaml\n";
    read.push_back(desc);
    std::ofstream(dir + "/d.table.json") << "{}";
    read.push_back(dir + "/d.table.json");
    read.push_back(chip_registry_path());
    // A model index, its config.json and 1..3 shards.
    std::ofstream(dir + "/config.json") << "{}";
    read.push_back(dir + "/config.json");
    std::string map;
    const size_t shards = 1 + pick(3);
    for (size_t s = 0; s < shards; ++s) {
      const std::string name = "m-" + std::to_string(s) + ".safetensors";
      std::ofstream(dir + "/" + name) << "x";
      read.push_back(dir + "/" + name);
      map += (s ? ", " : "") + std::string("\"t") + std::to_string(s) + "\": \"" + name + "\"";
    }
    const std::string index = dir + "/m.safetensors.index.json";
    std::ofstream(index) << "{\"weight_map\": {" << map << "}}";
    read.push_back(index);
    // Files the request does not read, and links (hard and symbolic) to any.
    std::vector<std::string> candidates = read;
    for (int i = 0; i < 3; ++i) {
      const std::string other = dir + "/other" + std::to_string(i) + ".csv";
      std::ofstream(other) << "o";
      candidates.push_back(other);
      candidates.push_back(dir + "/new" + std::to_string(i) + ".csv");  // does not exist yet
    }
    const size_t files = candidates.size();
    for (int i = 0; i < 4; ++i) {
      const std::string target = candidates[pick(files)];
      if (!fs::exists(target) || target == chip_registry_path()) continue;
      const std::string hard = dir + "/hard" + std::to_string(i);
      const std::string soft = dir + "/soft" + std::to_string(i);
      fs::create_hard_link(target, hard);
      fs::create_symlink(target, soft);
      candidates.push_back(hard);
      candidates.push_back(soft);
      candidates.push_back(dir + "/./" + fs::path(target).filename().string());
    }
    std::set<std::pair<dev_t, ino_t>> read_ids;
    for (const std::string& r : read) read_ids.insert(id_of(r));

    api::DeclaredInputs inputs;
    inputs.description(desc, "--config");
    inputs.model(index, "--model");
    for (int trial = 0; trial < 12; ++trial) {
      const std::string out = candidates[pick(candidates.size())];
      INFO("round " << round << ": output " << out);
      const bool is_input = fs::exists(out) && read_ids.count(id_of(out)) != 0;
      if (fs::is_symlink(out)) {
        // A link is refused as an output in any case (output_kind.h).
        CHECK_THROWS(api::refuse_overwriting_inputs(inputs, {{"--csv", out}}));
      } else if (is_input) {
        CHECK_THROWS_AS(api::refuse_overwriting_inputs(inputs, {{"--csv", out}}), UsageError);
      } else {
        CHECK_NOTHROW(api::refuse_overwriting_inputs(inputs, {{"--csv", out}}));
      }
    }
  }
}
