// The rings' waveform dump. Verilator writes a VCD into a temporary file next
// to the requested output; on success it is renamed into place, and an FST is
// made from it with GTKWave's vcd2fst. A failed or interrupted run leaves
// nothing under the requested names.
#pragma once

#include <memory>
#include <string>

#include "sim/atomic_output.h"

class VerilatedVcdC;

namespace anesim {

class WaveformFile {
 public:
  // Throws OutputError naming the path when it cannot be written.
  WaveformFile(std::string vcd_path, std::string fst_path);
  ~WaveformFile();
  WaveformFile(const WaveformFile&) = delete;
  WaveformFile& operator=(const WaveformFile&) = delete;

  VerilatedVcdC* vcd() { return vcd_.get(); }
  // Opens the dump; every model must have called trace() on vcd() before.
  void open();

  // Closes the dump and publishes it when `keep`, else deletes it. Throws
  // OutputError when publishing fails (nothing is left behind).
  void finish(bool keep);

 private:
  std::string vcd_path_, fst_path_, tmp_vcd_;
  std::unique_ptr<VerilatedVcdC> vcd_;
  bool finished_ = false;
};

}  // namespace anesim
