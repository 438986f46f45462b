#include <catch2/catch.hpp>

#include <anesim/io/count_text.h>
#include <anesim/io/errors.h>
#include <sim/core/workload.h>

namespace anesim {
namespace {

TEST_CASE("counts parse as decimal or 0x hex", "[cli]") {
  CHECK(parse_count("16384", "--lines", 1, UINT32_MAX) == 16384);
  CHECK(parse_count("0x4000", "--lines", 1, UINT32_MAX) == 0x4000);
  CHECK(parse_count("0XfFfF", "--lines", 1, UINT32_MAX) == 0xffff);
  CHECK(parse_count("4294967295", "--lines", 1, UINT32_MAX) == UINT32_MAX);
  CHECK(parse_count("16", "--cores", 1, 16) == 16);
}

TEST_CASE("bad counts say what is wrong", "[cli]") {
  auto error_of = [](const char* text, uint64_t max = UINT32_MAX) -> std::string {
    try {
      parse_count(text, "--lines", 1, max);
    } catch (const UsageError& e) {
      return e.what();
    }
    return "";
  };
  CHECK_THAT(error_of("0"), Catch::Contains("--lines: '0' is too small"));
  CHECK_THAT(error_of("-5"), Catch::Contains("no sign"));
  CHECK_THAT(error_of("0x1g"), Catch::Contains("'0x1g' is not a number"));
  CHECK_THAT(error_of("0x"), Catch::Contains("not a number"));
  CHECK_THAT(error_of(""), Catch::Contains("not a number"));
  CHECK_THAT(error_of(" 5"), Catch::Contains("not a number"));
  CHECK_THAT(error_of("4294967296"), Catch::Contains("too large (at most 4294967295)"));
  CHECK_THAT(error_of("0x100000000"), Catch::Contains("too large"));
  CHECK_THAT(error_of("99999999999999999999999"), Catch::Contains("too large"));
  CHECK_THAT(error_of("17", 16), Catch::Contains("too large (at most 16)"));
  CHECK_THAT(error_of("9", 5), Catch::Contains("too large (at most 5)"));
}

TEST_CASE("layer shapes give lines per core as published", "[cli]") {
  // N = 4096: 512 * D bytes per core = 8 * D lines; D = 2048 is one lap.
  CHECK(lines_for_shape(2048, 4096) == 0x4000);
  CHECK(lines_for_shape(2016, 4096) == 0x3f00);
  CHECK(lines_for_shape(2044, 4096) == 0x000ff800 / 64);
  CHECK(lines_for_shape(2052, 4096) == 0x00100800 / 64);
  // ceil(N/16), then bytes rounded up to whole lines.
  CHECK(lines_for_shape(3, 17) == 1);
  CHECK(lines_for_shape(0xffffffffull, 0xffffffffull) == 0);  // does not fit
}

TEST_CASE("lap position is k laps and a signed offset", "[cli]") {
  CHECK(lap_position(0x4000).k == 1);
  CHECK(lap_position(0x4000).x == 0);
  CHECK(lap_position(0x3f00).x == -256);
  CHECK(lap_position(0x8100).k == 2);
  CHECK(lap_position(0x8100).x == 256);
  CHECK(lap_position(100).k == 0);
}

}  // namespace
}  // namespace anesim
