// dram.standard any_structure, for tests only: a channel of any structure
// the controller can run (banks a power of two up to 256, any bytes per CK
// and burst), which no JEDEC standard allows. The config-space property
// test draws from it, to exercise the one controller engine beyond the
// shipped standards' structures (tests/config_space.h). The standard, its
// keys and its registration are this one file.
#include <fmt/format.h>

#include <sim/base/registry.h>
#include <sim/dram/dram_standard.h>

namespace anesim {

namespace {

class AnyStructureStandard final : public DramStandard {
 public:
  const char* name() const override { return "any_structure"; }
  const char* title() const override { return "any structure"; }
  void read(ConfigSection& dram, ConfigSection& t, DramConfig& cfg) const override {
    cfg.channel_bytes_per_cycle = dram.positive32("channel_bytes_per_cycle");
    cfg.banks = static_cast<uint32_t>(dram.integer("banks", 1, 256));
    if ((cfg.banks & (cfg.banks - 1)) != 0) {
      dram.fail_at("banks", fmt::format("{} is not a power of two", cfg.banks));
    }
    DramTimings& d = cfg.t;
    d.rl = t.positive32("rl");
    d.burst = t.positive32("burst");
    d.rcd = t.positive32("rcd");
    d.rp = t.positive32("rp");
    d.ras = t.positive32("ras");
    d.rtp = t.positive32("rtp");
    d.ccd = t.positive32("ccd");
    d.rrd = t.positive32("rrd");
    d.faw = t.positive32("faw");
    d.refi = static_cast<uint32_t>(t.integer("refi", 0, UINT32_MAX));
    d.rfc = t.positive32("rfc");
    if (d.refi != 0 && d.rfc >= d.refi) {
      t.fail_at("rfc", fmt::format("{} is not less than refi ({})", d.rfc, d.refi));
    }
  }
};

}  // namespace

ANESIM_REGISTER(DramStandard, AnyStructureStandard)

}  // namespace anesim
