// anesim.Config: a machine description as Python sees it: its YAML text,
// the MachineConfig read from it, read-only access to its keys by dotted
// path, and patched copies (with_overrides) made as `anesim calibrate`
// patches a file: the values rewritten in the text, which is read again.
#pragma once

#include <pybind11/pybind11.h>

#include <memory>
#include <string>
#include <vector>

#include <anesim/api/machine_choice.h>
#include <anesim/api/machines.h>

namespace anesim::python {

namespace py = pybind11;

class Config {
 public:
  // The built-in M3 Air.
  static std::shared_ptr<Config> builtin();
  // Throws ConfigError (file, line, field) for a bad file.
  static std::shared_ptr<Config> load(const std::string& path);

  // `file_text`: the description's own file as read (an overlay's, before
  // its base is merged); "" = the same as `text`.
  Config(std::string text, std::string origin, std::string file_text = "");

  const MachineConfig& machine() const { return machine_; }
  const std::string& source() const { return machine_.source; }
  const std::string& text() const { return text_; }
  // The text that identifies the description to its timing table and the
  // on-disk cache: the file's own (an overlay's as written), or the merged
  // text of an edited copy, which no shipped table matches.
  const std::string& description_text() const { return file_text_.empty() ? text_ : file_text_; }
  // Every leaf key, dotted ("dram.clock_mhz"), in file order.
  std::vector<std::string> keys() const;
  // The value at a dotted key as int, float, bool or str (a list for a
  // sequence); KeyError when there is none.
  py::object value(const std::string& key) const;
  bool has(const std::string& key) const;
  // A copy with these keys' values replaced, each of the kind the key holds
  // (TypeError for a str where a number is, ...), a str always as one text
  // value; ConfigError for an unknown key or a value the reader refuses.
  std::shared_ptr<Config> with_overrides(const py::dict& values) const;

 private:
  std::string text_, origin_, file_text_;
  MachineConfig machine_;
};

// A `config=` argument: None (built-in), a path, or a Config.
std::shared_ptr<Config> config_argument(const py::handle& value);

// config= or chip= (a registered chip's file), not both (UsageError).
api::MachineChoice machine_argument(const py::object& config, const py::object& chip);
// The same for a command that reads a description's file (its batches may
// hand it to child processes): a path or a chip, TypeError for a Config.
std::string config_file(const py::object& config, const py::object& chip, const char* function);

}  // namespace anesim::python
