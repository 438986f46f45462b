// The exceptions anesim throws for bad input and failed output, declared once.
// Each message is one line that names the option, or the file, line and field;
// src/anesim/cli/ maps each class to its exit code (docs/cli.md).
#pragma once

#include <stdexcept>
#include <string>
#include <utility>

namespace anesim {

// A bad command-line option or option value (exit 2).
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A request value the library refuses (src/anesim/api/). The message is a
// template: field_mark(name) where a field is named, value_mark() where its
// value goes. Each front end spells them once, its own way (the command line
// as options, --task-lines; Python as fields, task_lines); what() is the
// command line's spelling with the value in decimal.
class FieldError : public UsageError {
 public:
  static constexpr char kFieldOpen = '\x01', kFieldClose = '\x02', kValue = '\x03';

  // `item`: the index of the refused value in a list field, or -1.
  FieldError(std::string field, const std::string& message_template, std::string value = "",
             long item = -1)
      : UsageError(render(message_template, option_spelling, value)),
        field_(std::move(field)),
        template_(message_template),
        value_(std::move(value)),
        item_(item) {}

  const std::string& field() const { return field_; }
  const std::string& value() const { return value_; }
  long item() const { return item_; }
  // The message with every field spelled by `spell` and the value as `value`.
  template <class Spell>
  std::string render(Spell spell, const std::string& value) const {
    return render(template_, spell, value);
  }

  // "--task-lines" for "task_lines".
  static std::string option_spelling(const std::string& field) {
    std::string o = "--" + field;
    for (char& c : o) {
      c = c == '_' ? '-' : c;
    }
    return o;
  }

 private:
  template <class Spell>
  static std::string render(const std::string& t, Spell spell, const std::string& value) {
    std::string out;
    for (size_t i = 0; i < t.size(); ++i) {
      const size_t end = t[i] == kFieldOpen ? t.find(kFieldClose, i) : std::string::npos;
      if (t[i] == kValue) {
        out += value;
      } else if (end != std::string::npos) {
        out += spell(t.substr(i + 1, end - i - 1));
        i = end;
      } else {
        out += t[i];
      }
    }
    return out;
  }

  std::string field_, template_, value_;
  long item_ = -1;
};

// Marks a field's name in a FieldError's message template.
inline std::string field_mark(const std::string& field) {
  return FieldError::kFieldOpen + field + FieldError::kFieldClose;
}
// Marks where the refused value goes.
inline std::string value_mark() { return std::string(1, FieldError::kValue); }

// A bad machine description (--config, exit 3).
class ConfigError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A bad input file other than the machine description (exit 5). The
// message starts with "file:line: ".
class InputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A bad device trace (docs/trace-format.md).
class TraceError : public InputError {
 public:
  using InputError::InputError;
};

// A bad model description (docs/model-format.md).
class ModelFileError : public InputError {
 public:
  using InputError::InputError;
};

// A simulation that ran but failed: max_cycles hit, an RTL assertion, a
// line lost (exit 1).
class SimulationError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// An output file could not be written; the message names it (exit 4).
class OutputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace anesim
