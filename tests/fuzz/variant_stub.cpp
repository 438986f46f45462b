// The fuzz build has no Verilated model, so sim/prefetch_ring.cpp is not in
// it; src/count_parser.cpp's --variant parsing still refers to these. The
// fuzz targets never reach them.
#include <cstdio>
#include <cstdlib>

#include "sim/prefetch_ring.h"

namespace anesim {

std::optional<RingVariant> parse_variant(const std::string&) {
  std::fputs("variant_stub: parse_variant is not part of the fuzz build\n", stderr);
  std::abort();
}

const char* variant_choices() { return "bug, fix, snippet, epoch1"; }

}  // namespace anesim
