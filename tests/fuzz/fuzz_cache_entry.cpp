// libFuzzer entry point; the checks are in fuzz_derived_targets.h.
#include "tests/fuzz/fuzz_derived_targets.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  anesim::fuzz::cache_entry_one(data, size);
  return 0;
}
