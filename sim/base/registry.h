// A registry of the implementations of one interface, by name: memory
// targets, refresh policies, DRAM standards. Each implementation registers
// itself from its own .cpp with ANESIM_REGISTER, so a new one is one file
// and no list is edited.
//
// Two traps, and how they are avoided:
//  * Static-initialization order: the registry is a function-local static
//    (built on first use), so a registrar in any file may run first.
//  * A static library drops an object file nothing references, and with it
//    the registrar. ANESIM_REGISTER also defines an anchor symbol, and the
//    build writes one file (cmake/Registrations.cmake, from every sim/ file
//    that registers) referencing every anchor from
//    keep_registrations_linked(), which instance() calls: whoever uses a
//    registry links every built-in implementation, with no linker flag.
//    A test binary's own implementations are objects of the binary itself,
//    which the linker always keeps.
#pragma once

#include <algorithm>  // IWYU pragma: keep (std::sort, in a template no file here instantiates)
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

namespace anesim {

// Defined by the generated registrations file; references every anchor.
void keep_registrations_linked();

template <typename Interface>
class Registry {
 public:
  static Registry& instance() {
    keep_registrations_linked();
    static Registry registry;
    return registry;
  }

  // A second implementation of a name is a programming error.
  void add(std::unique_ptr<Interface> impl) {
    if (find(impl->name()) != nullptr) {
      std::abort();
    }
    owned_.push_back(std::move(impl));
    // By name: link order must not change messages or defaults.
    std::sort(owned_.begin(), owned_.end(),
              [](const auto& a, const auto& b) { return std::string(a->name()) < b->name(); });
    all_.clear();
    for (const auto& p : owned_) {
      all_.push_back(p.get());
    }
  }
  // Null when no implementation has that name.
  const Interface* find(const std::string& name) const {
    for (const Interface* impl : all_) {
      if (name == impl->name()) {
        return impl;
      }
    }
    return nullptr;
  }
  // Every implementation, by name.
  const std::vector<const Interface*>& all() const { return all_; }
  // "a, b, c": the names, for messages.
  std::string choices() const {
    std::string s;
    for (const Interface* impl : all_) {
      s += (s.empty() ? "" : ", ") + std::string(impl->name());
    }
    return s;
  }

 private:
  Registry() = default;
  std::vector<std::unique_ptr<Interface>> owned_;
  std::vector<const Interface*> all_;
};

// Registers one implementation when its file's statics are initialized.
template <typename Interface>
struct Registrar {
  explicit Registrar(std::unique_ptr<Interface> impl) {
    Registry<Interface>::instance().add(std::move(impl));
  }
};

}  // namespace anesim

// In an implementation's .cpp, at namespace scope inside anesim:
//   ANESIM_REGISTER(MemoryTargetKind, FixedLatencyTargetKind)
// The anchor (anesim::registered::Impl) is what the generated file
// references; a test's implementation needs none but has one all the same.
#define ANESIM_REGISTER(Interface, Impl) \
  namespace registered {                 \
  extern const bool Impl;                \
  const bool Impl = true;                \
  }                                      \
  static const Registrar<Interface> registrar_##Impl{std::make_unique<Impl>()};
