// The rings' waveform dump. Verilator writes a VCD into a temporary file next
// to the requested output; on success it is renamed into place, and an FST is
// made from it with GTKWave's vcd2fst. A failed or interrupted run leaves
// nothing under the requested names.
#pragma once

#include <memory>
#include <string>

#include <anesim/io/atomic_output.h>
#include <anesim/sim/waveform_sink.h>

namespace anesim {

class WaveformFile final : public WaveformSink {
 public:
  // Throws OutputError naming the path when it cannot be written.
  WaveformFile(std::string vcd_path, std::string fst_path);
  ~WaveformFile();
  WaveformFile(const WaveformFile&) = delete;
  WaveformFile& operator=(const WaveformFile&) = delete;

  VerilatedVcdC* vcd() override { return vcd_.get(); }
  void open() override;
  // Publishes the dump when `complete`, else deletes it. Throws OutputError
  // when publishing fails (nothing is left behind).
  void finish(bool complete) override;

 private:
  std::string vcd_path_, fst_path_, tmp_vcd_;
  std::unique_ptr<VerilatedVcdC> vcd_;
  bool finished_ = false;
};

}  // namespace anesim
