// Where the testbench dumps the rings' waveforms. The model only traces into
// a Verilator VCD writer; the file handling around it (temporary names, FST
// conversion, publishing) belongs to the caller (src/anesim/io/waveform_file.h).
#pragma once

#include <cstdint>

class VerilatedVcdC;

namespace anesim {

class WaveformSink {
 public:
  virtual ~WaveformSink() = default;
  virtual VerilatedVcdC* vcd() = 0;
  // Opens the dump; every model has called trace() on vcd() before.
  virtual void open() = 0;
  // Closes the dump: published when `complete`, discarded otherwise.
  virtual void finish(bool complete) = 0;
  uint64_t from = 0;  // first cycle dumped
  uint64_t to = 0;    // first cycle no longer dumped
};

}  // namespace anesim
