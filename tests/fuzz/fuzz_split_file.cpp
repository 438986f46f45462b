// libFuzzer entry point; the checks are in fuzz_record_targets.h.
#include "tests/fuzz/fuzz_record_targets.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  anesim::fuzz::split_file_one(data, size);
  return 0;
}
