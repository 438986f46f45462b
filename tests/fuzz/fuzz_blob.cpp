// libFuzzer entry point; the checks are in fuzz_targets.h.
#include "tests/fuzz/fuzz_targets.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  anesim::fuzz::blob_one(data, size);
  return 0;
}
