#include <anesim/cli/field_errors.h>

#include <anesim/io/text_functions.h>

namespace anesim {

std::string cli_message(const FieldError& e, const TypedText& typed) {
  std::string value = e.value();
  const auto it = typed.find(e.field());
  if (it != typed.end() && !it->second.empty() && !value.empty()) {
    // A list's item by its index; a scalar as typed.
    if (e.item() < 0) {
      value = printable(it->second, 40);
    } else {
      const std::vector<std::string> items = split_text(it->second, ',');
      if (static_cast<size_t>(e.item()) < items.size()) {
        value = printable(items[static_cast<size_t>(e.item())], 40);
      }
    }
  }
  return e.render(FieldError::option_spelling, value);
}

}  // namespace anesim
