// Maps a 64 B line address onto (channel, bank, row, column).
// Digit order from the least significant end: channel, column, bank, row
// (Ramulator's "RoBaCoCh"), so consecutive lines spread over all channels and
// a core's stream stays in one row per channel for row_bytes/64 lines.
// Optionally the bank index is XORed with the folded row index
// (permutation-based interleaving) so that streams of different cores that
// share bank bits do not all land on the same bank.
#pragma once

#include <cstdint>

#include <sim/base/bit_math.h>
#include <sim/base/machine_config.h>
#include <sim/ring/geometry.h>

namespace anesim {

struct DramCoord {
  uint32_t channel = 0;
  uint32_t bank = 0;
  uint32_t row = 0;
  uint32_t column = 0;
};

class DramAddressMap {
 public:
  // The config reader guarantees banks and row_bytes/64 are powers of two;
  // channels may be 12, 24 or 48 (a 192-bit bus), so the channel digit is
  // taken by division (the same as the low bits for a power of two).
  explicit DramAddressMap(const DramConfig& cfg)
      : channels_(cfg.channels),
        column_bits_(log2_exact(cfg.row_bytes / kLineBytes)),
        bank_bits_(log2_exact(cfg.banks)),
        column_mask_(cfg.row_bytes / kLineBytes - 1),
        bank_mask_(cfg.banks - 1),
        xor_hash_(cfg.bank_xor_hash) {}

  DramCoord map(uint32_t line) const {
    DramCoord c;
    c.channel = line % channels_;
    line /= channels_;
    c.column = line & column_mask_;
    line >>= column_bits_;
    c.bank = line & bank_mask_;
    c.row = line >> bank_bits_;
    // One bank (no bank bits) has nothing to permute.
    if (xor_hash_ && bank_bits_ != 0) {
      for (uint32_t r = c.row; r != 0; r >>= bank_bits_) {
        c.bank ^= r & bank_mask_;
      }
    }
    return c;
  }

 private:
  uint32_t channels_;
  uint32_t column_bits_, bank_bits_;
  uint32_t column_mask_, bank_mask_;
  bool xor_hash_;
};

}  // namespace anesim
