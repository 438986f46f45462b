// The exceptions anesim throws for bad input and failed output, declared once.
// Each message is one line that names the option, or the file, line and field;
// src/cli/ maps each class to its exit code (docs/cli.md).
#pragma once

#include <stdexcept>

namespace anesim {

// A bad command-line option or option value (exit 2).
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

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
