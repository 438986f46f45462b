// LPDDR5 channel checks against analytic figures: exact unloaded latency,
// peak bandwidth within a stated tolerance, and both refresh modes.
#include <catch2/catch.hpp>

#include <algorithm>
#include <vector>

#include <anesim/machine/machine_config_reader.h>
#include <sim/dram/dram_address_map.h>
#include <sim/dram/dram_channel.h>

namespace anesim {
namespace {

uint64_t single_read_latency(const DramConfig& d, DramChannel& ch, const DramCoord& at,
                             uint64_t start) {
  ch.enqueue(LineRequest{0, 0, 0, false, nullptr}, at, start);
  uint64_t done = 0;
  for (uint64_t t = start; done == 0 && t < start + 1000; ++t) {
    ch.tick(t, [&](const LineRequest&, uint64_t when) { done = when; });
  }
  (void)d;
  return done - start;
}

TEST_CASE("unloaded read latency is tRCD + RL + burst from a closed bank", "[dram]") {
  DramConfig d = builtin_config().dram;
  d.t.refi = 0;
  DramChannel ch(d);
  const uint64_t closed = single_read_latency(d, ch, DramCoord{0, 3, 7, 0}, 0);
  CHECK(closed == d.t.rcd + d.t.rl + d.t.burst);
  // At 800 MHz that is 36 CK = 45 ns for the LPDDR5-6400 preset.
  CHECK(closed * 1000.0 / d.clock_mhz == Approx(45.0).margin(0.01));
}

TEST_CASE("an open-page row hit costs RL + burst", "[dram]") {
  DramConfig d = builtin_config().dram;
  d.t.refi = 0;
  d.close_page = false;
  DramChannel ch(d);
  single_read_latency(d, ch, DramCoord{0, 1, 9, 0}, 0);
  CHECK(single_read_latency(d, ch, DramCoord{0, 1, 9, 1}, 200) == d.t.rl + d.t.burst);
  // A conflict pays tRP + tRCD on top.
  CHECK(single_read_latency(d, ch, DramCoord{0, 1, 10, 1}, 400) ==
        d.t.rp + d.t.rcd + d.t.rl + d.t.burst);
}

// The built-in LPDDR5-6400 channel (per-bank refresh timings included) with
// the given refresh mode.
DramConfig with_refresh(const std::string& mode) {
  DramConfig d = builtin_config().dram;
  REQUIRE(d.t.rfcpb != 0);
  d.refresh = mode;
  return d;
}

// Streams consecutive lines into every channel, keeping the queues full, and
// returns the delivered bandwidth in GB/s.
// `stride` 257 makes each channel's reads walk all banks, one line per row.
double streamed_gbps(const DramConfig& d, uint64_t cycles, std::vector<DramChannel>* out = nullptr,
                     uint32_t stride = 1) {
  DramAddressMap map(d);
  std::vector<DramChannel> channels(d.channels, DramChannel(d));
  uint32_t next_line = 0;
  uint64_t lines_done = 0;
  std::vector<std::vector<uint32_t>> backlog(d.channels);
  for (uint64_t t = 0; t < cycles; ++t) {
    // Lines arrive faster than the channels drain them; the backlog is kept
    // short only so that the test runs in linear time.
    for (int i = 0;
         i < 8 && backlog[map.map(next_line * stride).channel].size() < 2 * d.queue_depth;
         ++i, ++next_line) {
      backlog[map.map(next_line * stride).channel].push_back(next_line * stride);
    }
    for (uint32_t c = 0; c < d.channels; ++c) {
      auto& b = backlog[c];
      size_t taken = 0;
      while (taken < b.size() && channels[c].can_accept()) {
        channels[c].enqueue(LineRequest{b[taken], 0, 0, true, nullptr}, map.map(b[taken]), t);
        ++taken;
      }
      b.erase(b.begin(), b.begin() + static_cast<std::ptrdiff_t>(taken));
      channels[c].tick(t, [&](const LineRequest&, uint64_t) { ++lines_done; });
    }
  }
  if (out != nullptr) {
    *out = channels;
  }
  return lines_done * 64.0 / (cycles * 1000.0 / d.clock_mhz);
}

TEST_CASE("peak bandwidth is 102.4 GB/s, less refresh", "[dram]") {
  DramConfig d = builtin_config().dram;
  const double peak = d.channels * d.channel_bytes_per_cycle * d.clock_mhz / 1000.0;
  CHECK(peak == Approx(102.4));
  SECTION("without refresh, streaming reaches the peak within 2 %") {
    d.t.refi = 0;
    CHECK(streamed_gbps(d, 200000) == Approx(peak).epsilon(0.02));
  }
  SECTION("with all-bank refresh, the peak less (tRP + tRFC) / tREFI, within 2 %") {
    d = with_refresh("all_bank");
    const double expected = peak * (1.0 - double(d.t.rp + d.t.rfc) / d.t.refi);
    CHECK(streamed_gbps(d, 200000) == Approx(expected).epsilon(0.02));
  }
  SECTION("with per-bank refresh, the other banks keep the bus busy: within 2 % of the peak") {
    d = with_refresh("per_bank");
    CHECK(streamed_gbps(d, 200000) == Approx(peak).epsilon(0.02));
  }
}

TEST_CASE("per-bank refresh keeps up with tREFI under any load", "[dram]") {
  const uint64_t cycles = 100000;
  for (const std::string mode : {"all_bank", "per_bank"}) {
    const DramConfig d = with_refresh(mode);
    const uint64_t per_refi = mode == "per_bank" ? 8 : 1;  // REFpb: one group of 8
    const uint64_t due = cycles / d.t.refi * per_refi;
    const std::string& name = mode;
    // DYNAMIC_SECTION: Catch2 would take a plain SECTION in a loop for one section.
    DYNAMIC_SECTION(name << ", idle: every refresh on time") {
      DramChannel ch(d);
      for (uint64_t t = 0; t < cycles; t = std::max(t + 1, ch.next_event(t))) {
        ch.tick(t, [](const LineRequest&, uint64_t) {});
      }
      CHECK(ch.stats().refreshes >= due);
      CHECK(ch.stats().refreshes <= due + per_refi);
    }
    DYNAMIC_SECTION(
        name << ", saturated: the debt never exceeds JEDEC's eight postponed refreshes") {
      // A deep queue of reads that walk all banks always holds reads for
      // every refresh group: per-bank refresh must force its refreshes.
      DramConfig deep = d;
      deep.queue_depth = 128;
      std::vector<DramChannel> channels;
      streamed_gbps(deep, cycles, &channels, 257);
      for (const DramChannel& ch : channels) {
        CHECK(ch.stats().refreshes + 8 >= due);
        CHECK(ch.stats().refreshes <= due + per_refi);
      }
    }
  }
}

TEST_CASE("a lone read waits for at most one group's refresh, and on average less than all-bank",
          "[dram]") {
  // One read at a time, each arriving a fixed odd gap after the last one
  // completed, so the arrivals sweep every phase of the refresh schedule.
  auto latencies = [](const DramConfig& d) {
    DramChannel ch(d);
    std::vector<uint64_t> out;
    uint64_t t = 0;
    for (uint32_t i = 0; i < 4000; ++i) {
      const uint64_t start = t + 97;
      for (; t < start; t = std::max(t + 1, ch.next_event(t + 1))) {
        ch.tick(t, [](const LineRequest&, uint64_t) {});  // idle: refreshes go on
      }
      ch.enqueue(LineRequest{i, 0, 0, false, nullptr}, DramCoord{0, i % d.banks, i / d.banks, 0},
                 start);
      uint64_t done = 0;
      for (t = start; done == 0; t = std::max(t + 1, ch.next_event(t + 1))) {
        ch.tick(t, [&](const LineRequest&, uint64_t when) { done = when; });
      }
      out.push_back(done - start);
      t = done;
    }
    return out;
  };
  const std::vector<uint64_t> all_bank = latencies(with_refresh("all_bank"));
  const DramConfig d = with_refresh("per_bank");
  const std::vector<uint64_t> per_bank = latencies(d);
  const uint64_t unloaded = d.t.rcd + d.t.rl + d.t.burst;
  double mean_all = 0, mean_per = 0;
  for (size_t i = 0; i < per_bank.size(); ++i) {
    CHECK(per_bank[i] >= unloaded);
    CHECK(per_bank[i] <= unloaded + d.t.rp + d.t.rfcpb + d.t.pbr2act);
    mean_all += double(all_bank[i]) / all_bank.size();
    mean_per += double(per_bank[i]) / per_bank.size();
  }
  CHECK(mean_per < mean_all);
  // Some reads did meet a refresh: the test exercises the waiting path.
  CHECK(*std::max_element(per_bank.begin(), per_bank.end()) > unloaded + d.t.pbr2act);
}

TEST_CASE("the address map spreads consecutive lines over all channels", "[dram]") {
  const DramConfig d = builtin_config().dram;
  DramAddressMap map(d);
  std::vector<int> hits(d.channels, 0);
  for (uint32_t line = 0; line < 8 * d.channels; ++line) {
    ++hits[map.map(line).channel];
  }
  for (int h : hits) {
    CHECK(h == 8);
  }
  // 32 consecutive lines of one channel share a 2 KiB row.
  CHECK(map.map(0).row == map.map(8 * 31).row);
  CHECK(map.map(0).bank == map.map(8 * 31).bank);
}

}  // namespace
}  // namespace anesim
