// Constants of the ANE kernel-DMA prefetch ring shared by the RTL, the
// formal harness and (through the Verilated model's parameters) the testbench.
package kdma_pkg;

  // One ring revolution: 2^14 lines of 64 B = 1 MiB.
  localparam int unsigned RingIdxBits = 14;
  // The lookahead depth and the page size are both 256 lines (16 KiB).
  localparam int unsigned PageBits    = 8;
  localparam int unsigned PrefetchMax = 256;
  localparam int unsigned CreditBits  = 9;  // holds 0..PrefetchMax
  // Line addresses and transfer lengths are 32-bit line counts.
  localparam int unsigned LineBits    = 32;
  // Reads the stop-and-go path keeps in flight: 1..15, the chip's own.
  localparam int unsigned DemandBits  = 4;

endpackage
