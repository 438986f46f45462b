// One section of a machine description as an implementation reads it (a
// memory target its `memory:` keys, a DRAM standard and a refresh policy
// their `dram:` keys): sim/ includes nothing from src/ and does not know
// YAML, so the reader in src/anesim/machine/ implements this view over its YAML
// section. Every failure names the file, line, column and the field's
// dotted path, and never returns.
#pragma once

#include <cstdint>
#include <string>

namespace anesim {

class ConfigSection {
 public:
  virtual ~ConfigSection() = default;

  // The section's dotted path ("dram", "memory").
  virtual std::string path() const = 0;
  virtual bool has(const char* key) const = 0;

  virtual uint64_t integer(const char* key, uint64_t min, uint64_t max) = 0;
  virtual uint32_t positive32(const char* key) = 0;
  // A real number in [min, max] (both positive).
  virtual double positive_real(const char* key, double min, double max) = 0;
  virtual std::string text(const char* key) = 0;

  // An error at `key`'s place ("file:line:column: path.key: what").
  [[noreturn]] virtual void fail_at(const char* key, const std::string& what) const = 0;
};

}  // namespace anesim
