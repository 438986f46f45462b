#include <sim/dram/lpddr_structure.h>

#include <algorithm>
#include <cctype>
#include <string>

#include <fmt/format.h>

namespace anesim {

namespace {

// A key the standard fixes: absent, it takes the standard's value; given,
// it must be that value.
uint32_t fixed_key(ConfigSection& section, const char* key, uint32_t value, const char* why) {
  if (section.has(key)) {
    const uint64_t given = section.integer(key, 0, UINT32_MAX);
    if (given != value) {
      section.fail_at(key, fmt::format("{} is not {} ({}); leave the key out", given, value, why));
    }
  }
  return value;
}

}  // namespace

void LpddrStandard::read(ConfigSection& dram, ConfigSection& t, DramConfig& cfg) const {
  // A preset that names a standard ("LPDDR5X-7500") must name this one; any
  // other text is a name for reports only.
  const std::string prefix = cfg.preset.substr(0, cfg.preset.find('-'));
  const bool names_one =
      prefix.rfind("LPDDR", 0) == 0 &&
      std::all_of(prefix.begin(), prefix.end(), [](char c) { return std::isalnum(c) != 0; });
  if (names_one && prefix != s_.title) {
    dram.fail_at("preset",
                 fmt::format("names an {} part, but dram.standard is {}", prefix, s_.name));
  }
  const double mts = cfg.clock_mhz * s_.beats_per_ck;
  // Speed bins are named by rounded rates (4266 for 4266.67 MT/s).
  if (mts < s_.min_mts - 1 || mts > s_.max_mts + 1) {
    dram.fail_at("clock_mhz",
                 fmt::format("{} MHz is {:.0f} MT/s at {} beats per CK, outside {}'s speed bins "
                             "({:.0f}..{:.0f} MT/s, {})",
                             cfg.clock_mhz, mts, s_.beats_per_ck, s_.title, s_.min_mts, s_.max_mts,
                             s_.document));
  }
  const std::string per_ck = fmt::format("{} data beats per CK on x16", s_.beats_per_ck);
  cfg.channel_bytes_per_cycle =
      fixed_key(dram, "channel_bytes_per_cycle", 2 * s_.beats_per_ck, per_ck.c_str());
  const std::string banks =
      fmt::format("{} has {} banks per channel, {}", s_.title, s_.banks, s_.document);
  cfg.banks = fixed_key(dram, "banks", s_.banks, banks.c_str());
  cfg.act_after_refresh_waits_rrd = !s_.has_pbr2act;

  DramTimings& d = cfg.t;
  d.rl = t.positive32("rl");
  // A 64 B line is one BL32 burst on an x16 channel.
  const std::string bl32 = fmt::format("BL32 at {} beats per CK", s_.beats_per_ck);
  d.burst = fixed_key(t, "burst", 32 / s_.beats_per_ck, bl32.c_str());
  d.rcd = t.positive32("rcd");
  d.rp = t.positive32("rp");
  d.ras = t.positive32("ras");
  d.rtp = t.positive32("rtp");
  d.ccd = t.positive32("ccd");
  d.rrd = t.positive32("rrd");
  d.faw = t.positive32("faw");
  d.refi = static_cast<uint32_t>(t.integer("refi", 0, UINT32_MAX));  // 0: no refresh
  d.rfc = t.positive32("rfc");
  if (d.refi != 0 && d.rfc >= d.refi) {
    t.fail_at("rfc", fmt::format("{} is not less than refi ({}): the channel would refresh "
                                 "forever (set refi: 0 to disable refresh)",
                                 d.rfc, d.refi));
  }
}

}  // namespace anesim
