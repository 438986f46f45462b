// The rings' waveform dump. Verilator writes a VCD into a temporary file next
// to the requested output; on success it is renamed into place, and an FST is
// made from it with GTKWave's vcd2fst. A failed or interrupted run leaves
// nothing under the requested names. A write that fails (a full disk) is
// noted, not reported through Verilator's fatal path (which re-enters the
// writer's own lock and deadlocks), and fails finish().
#pragma once

#include <memory>
#include <string>

#include <sim/top/waveform_sink.h>

namespace anesim {

class CheckedVcdFile;
class OutputSet;

class WaveformFile final : public WaveformSink {
 public:
  // Throws OutputError naming the path when it cannot be written.
  WaveformFile(std::string vcd_path, std::string fst_path);
  ~WaveformFile();
  WaveformFile(const WaveformFile&) = delete;
  WaveformFile& operator=(const WaveformFile&) = delete;

  VerilatedVcdC* vcd() override { return vcd_.get(); }
  void open() override;
  // Closes the dump and, when `complete`, makes the FST; else deletes it.
  // Throws OutputError when the dump could not be written (nothing is left).
  void finish(bool complete) override;
  // Hands a finished complete dump's files to `outputs` to publish; without
  // this they are removed with this object.
  void stage(OutputSet& outputs);

 private:
  std::string vcd_path_, fst_path_, tmp_vcd_, tmp_fst_;
  std::unique_ptr<CheckedVcdFile> file_;  // outlives vcd_, which writes through it
  std::unique_ptr<VerilatedVcdC> vcd_;
  bool finished_ = false;
  bool complete_ = false;
};

}  // namespace anesim
