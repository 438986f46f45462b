#include <anesim/analysis/report/template_text.h>

#include <set>
#include <stdexcept>

namespace anesim {

std::string fill_template(const std::string& text, const TemplateValues& values) {
  std::string out;
  std::set<std::string> used;
  size_t at = 0;
  while (true) {
    const size_t open = text.find("{{", at);
    if (open == std::string::npos) {
      out += text.substr(at);
      break;
    }
    const size_t close = text.find("}}", open + 2);
    if (close == std::string::npos) {
      throw std::logic_error("template: '{{' without '}}'");
    }
    const std::string name = text.substr(open + 2, close - open - 2);
    const auto it = values.find(name);
    if (it == values.end()) {
      throw std::logic_error("template: no value for {{" + name + "}}");
    }
    out += text.substr(at, open - at) + it->second;
    used.insert(name);
    at = close + 2;
  }
  for (const auto& [name, value] : values) {
    if (used.count(name) == 0) {
      throw std::logic_error("template: {{" + name + "}} is never used");
    }
  }
  return out;
}

}  // namespace anesim
