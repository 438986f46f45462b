// The banks of one LPDDR5 channel as both its command scheduler
// (sim/dram/dram_channel.h) and its refresh policy (refresh_policy.h) see
// and change them: row-buffer state, the earliest cycle of each command,
// and the commands counted. It sits with the policies, the lower of the two
// families: the channel includes the refresh folder, never the reverse.
#pragma once

#include <cstdint>
#include <vector>

namespace anesim {

struct DramStats {
  uint64_t reads = 0;
  uint64_t row_hits = 0;
  uint64_t activates = 0;
  uint64_t precharges = 0;
  uint64_t refreshes = 0;
};

struct DramBank {
  bool open = false;
  uint32_t row = 0;
  uint64_t act_ok = 0;  // earliest ACT
  uint64_t rd_ok = 0;   // earliest RD (tRCD after ACT)
  uint64_t pre_ok = 0;  // earliest PRE (tRAS after ACT, tRTP after RD)
};

struct DramBankState {
  std::vector<DramBank> banks;
  uint64_t act_ok = 0;  // the channel's earliest ACT to any bank (tRRD, tPBR2ACT)
  DramStats stats;
};

}  // namespace anesim
