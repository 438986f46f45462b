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

  // What the ring does to its lookahead grant when the request pointer wraps
  // the ring (0x4000 lines): the mechanism of a variant, the ring's parameter
  // RelatchAtWrap (kdma_prefetch_ring.sv says how each works;
  // docs/ring-mechanism.md, sections 4 and 6). CMake reads the names and
  // values (cmake/RingMechanism.cmake): one explicit value per line.
  typedef enum logic [1:0] {
    // Nothing: the grant latched at load stays (the M3).
    RelatchNever        = 2'd0,
    // Re-derived from the exact count of lines left at every wrap.
    RelatchAtEveryWrap  = 2'd1,
    // Armed when the load grant aliased; re-derived with one epoch bit at a
    // wrap where the request pointer meets the end pointer (the M4 reading).
    RelatchEpoch1AtWrap = 2'd2,
    // Armed as RelatchEpoch1AtWrap, for lap-aligned transfers only;
    // re-derived from the exact count at the transfer's midpoint.
    RelatchAtMidpoint   = 2'd3
  } relatch_e;

endpackage
