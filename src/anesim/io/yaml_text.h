// The one way anesim turns YAML text into a node (machine descriptions,
// model files, split files, Hugging Face config.json, Python's Config):
// yaml-cpp, with three things refused before its tree is built, each as a
// YAML::ParserException at the line and column it is found:
//   - a NUL byte (yaml-cpp would stop reading there, silently);
//   - nesting deeper than kMaxYamlDepth (yaml-cpp's own guard says only
//     "bad file", and a tree that deep is never a description);
//   - a second document after "---" (yaml-cpp's Load ignores it silently).
#pragma once

#include <yaml-cpp/yaml.h>

#include <string>

namespace anesim {

// Mappings and sequences inside one another; the deepest anesim format
// (a model file's projections) needs 3.
constexpr int kMaxYamlDepth = 64;

// The single document of `text` (a Null node when the text holds none).
YAML::Node load_one_yaml_document(const std::string& text);

}  // namespace anesim
