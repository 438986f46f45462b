#include <anesim/io/yaml_text.h>

#include <yaml-cpp/eventhandler.h>

#include <sstream>

#include <fmt/format.h>

namespace anesim {

namespace {

// Counts nesting as the parser reports it, and stops it at a second
// document. Throwing from an event stops yaml-cpp before it recurses further.
class DocumentCheck : public YAML::EventHandler {
 public:
  void OnDocumentStart(const YAML::Mark& mark) override {
    if (++documents_ > 1) {
      throw YAML::ParserException(
          mark, "a second YAML document (after '---'): anesim reads one document per file");
    }
  }
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark&, YAML::anchor_t) override {}
  void OnAlias(const YAML::Mark&, YAML::anchor_t) override {}
  void OnScalar(const YAML::Mark&, const std::string&, YAML::anchor_t,
                const std::string&) override {}
  void OnSequenceStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t,
                       YAML::EmitterStyle::value) override {
    enter(mark);
  }
  void OnSequenceEnd() override { --depth_; }
  void OnMapStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t,
                  YAML::EmitterStyle::value) override {
    enter(mark);
  }
  void OnMapEnd() override { --depth_; }

 private:
  void enter(const YAML::Mark& mark) {
    if (++depth_ > kMaxYamlDepth) {
      throw YAML::ParserException(mark,
                                  fmt::format("nested more than {} levels deep", kMaxYamlDepth));
    }
  }

  int documents_ = 0;
  int depth_ = 0;
};

YAML::Mark mark_at(const std::string& text, size_t pos) {
  YAML::Mark mark;
  mark.pos = static_cast<int>(pos);
  mark.line = 0;
  mark.column = 0;
  for (size_t i = 0; i < pos; ++i) {
    if (text[i] == '\n') {
      ++mark.line;
      mark.column = 0;
    } else {
      ++mark.column;
    }
  }
  return mark;
}

}  // namespace

YAML::Node load_one_yaml_document(const std::string& text) {
  const size_t nul = text.find('\0');
  if (nul != std::string::npos) {
    throw YAML::ParserException(mark_at(text, nul), "a NUL byte (YAML text cannot hold one)");
  }
  std::istringstream in(text);
  YAML::Parser parser(in);
  DocumentCheck check;
  while (parser.HandleNextDocument(check)) {
  }
  return YAML::Load(text);
}

}  // namespace anesim
