// Fills a text template: every `{{name}}` is replaced by its value. Prose
// lives in the template file; the code supplies only numbers and tables.
#pragma once

#include <map>
#include <string>

namespace anesim {

using TemplateValues = std::map<std::string, std::string>;

// Throws std::logic_error naming the placeholder when the template uses a
// name with no value, or a value is never used (a stale section).
std::string fill_template(const std::string& text, const TemplateValues& values);

}  // namespace anesim
