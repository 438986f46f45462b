// Kernel-DMA speculative prefetch ring of one ANE core.
//
// A task descriptor (start line, length in lines) is loaded; the ring then
// issues one line request at a time on one of two paths:
//  * prefetch (lookahead): requested ahead of the consumer, pipelined, while
//    the lookahead is open;
//  * demand (stop-and-go): while it is shut, the next line is requested only
//    when fewer than demand_depth_i lines are outstanding (requested and not
//    yet drained by the consumer): with a depth of 1, only when the consumer
//    has drained every line before it.
// The grant `prefetch_credit` (0..256) opens the lookahead for `credit` of
// every 256 steps of the SoC timebase (TimeShare = 1), or for `credit` lines
// of every 256-line page (TimeShare = 0).
// The grant is computed from the ring pointers when the descriptor loads
// (rd_ptr = start, end_ptr = start + length, as in the published snippet).
// With EpochBits = 0 the pointers are 14 bits: one full lap left reads as
// both "nothing left" (count 0) and "no space" (space 0), so the whole task
// runs stop-and-go. docs/ring-mechanism.md explains the reasoning.
//
// Line accounting (issued, retired, remaining) uses exact 32-bit counters in
// both variants: the erratum costs time, never data.
module kdma_prefetch_ring
  import kdma_pkg::*;
#(
  // Epoch (lap) bits above the 14-bit ring index. 0 reproduces the erratum.
  // 19 makes the pointer (33 bits) wider than any 32-bit length, so neither
  // count nor space can alias. 1 is the tempting half-fix that aliases again
  // on an even number of laps.
  parameter int unsigned EpochBits  = 0,
  // 1: the lookahead is also bounded by the ring space left before the slot
  //    of the transfer's own tail (our refinement; gives both sides of the V).
  // 0: the published snippet (count only; one-sided V).
  parameter bit          SpaceGuard = 1'b1,
  // What happens to the grant when the request pointer wraps the ring
  // (0x4000 lines), a relatch_e of kdma_pkg:
  // RelatchNever: nothing; the grant latched at load stays (the M3).
  // RelatchAtEveryWrap: it is re-derived from the exact count of lines left
  //    (a repair on the refill path only; the grant latched at load still
  //    aliases).
  // RelatchEpoch1AtWrap: a repair armed at load when the grant aliased (a
  //    whole number of laps): at a wrap where the request pointer meets the
  //    end pointer (the transfer ends on a lap boundary) the grant is
  //    re-derived from pointers with one epoch bit, so it aliases again while
  //    an even number of laps is left. A transfer of whole laps that does not
  //    start on a lap boundary meets its end pointer only mid-lap, where the
  //    repair does not look, and keeps its aliased grant. The M4 reading
  //    (docs/ring-mechanism.md, section 6).
  // RelatchAtMidpoint: armed as RelatchEpoch1AtWrap, and only where the
  //    transfer starts on a lap boundary; the grant is re-derived from the
  //    exact count once a lap has been issued and the lines left no longer
  //    exceed the lines issued (the transfer's midpoint, or the first wrap if
  //    that comes later). An alternative M4 reading (docs/ring-mechanism.md,
  //    section 6).
  parameter relatch_e    RelatchAtWrap = RelatchNever,
  // 1: the grant is a share of time: the lookahead is open while the
  //    timebase's phase (256 steps of 2^ShareStepBits cycles) is below the
  //    grant, so bandwidth rises linearly with the grant, as the write-up
  //    describes the V.
  // 0: the grant is a line budget per 256-line page: time falls linearly
  //    with the grant instead (docs/ring-mechanism.md, section 2).
  parameter bit          TimeShare  = 1'b1,
  // One timebase step in cycles, as a power of two: 4 gives a 4096-cycle
  // period, about one page of lines at the nominal rate.
  parameter int unsigned ShareStepBits = 4,
  // KMem holds 64 KiB = 1024 lines; every request reserves a slot.
  parameter int unsigned KmemLines  = 1024
) (
  input  logic                   clk_i,
  input  logic                   rst_ni,
  // The SoC timebase: the number of this cycle, low bits.
  input  logic [PageBits+ShareStepBits-1:0] timebase_i,
  // Reads the stop-and-go path may keep outstanding (1..15): a property of
  // the chip's DMA engine, held constant (docs/ring-mechanism.md, section 6).
  input  logic [DemandBits-1:0]  demand_depth_i,
  // Task descriptor: one transfer on this core. Lengths of 0 are illegal.
  input  logic                   task_valid_i,
  output logic                   task_ready_o,
  input  logic [LineBits-1:0]    task_start_line_i,
  input  logic [LineBits-1:0]    task_lines_i,
  // Line requests to the credit fabric.
  output logic                   req_valid_o,
  input  logic                   req_ready_i,
  output logic [LineBits-1:0]    req_line_o,
  output logic                   req_prefetch_o,
  // The consumer drained the oldest outstanding line out of KMem.
  input  logic                   line_retired_i,
  // Observation: waveforms, statistics and assertions.
  output logic                   busy_o,
  output logic [CreditBits-1:0]  prefetch_credit_o,
  output logic [CreditBits-1:0]  page_credit_o,     // page budget left (time share: the grant)
  output logic                   lookahead_open_o,  // the prefetch path may issue
  output logic [RingIdxBits-1:0] ring_rd_ptr_o,
  output logic [RingIdxBits-1:0] ring_end_ptr_o,
  output logic [LineBits-1:0]    lines_issued_o,
  output logic [LineBits-1:0]    lines_retired_o
);

  localparam int unsigned PtrBits = RingIdxBits + EpochBits;
  localparam int unsigned SumBits = LineBits + 1;
  localparam int unsigned TimebaseBits = PageBits + ShareStepBits;
  // Pointers wider than every length cannot alias "one lap left" to "empty".
  localparam bit NeverStarves = (PtrBits > LineBits);

  // The 33-bit end-of-transfer sum must cover the widest pointer.
  if (PtrBits > SumBits) begin : gen_bad_epoch
    $error("EpochBits above 19 are not supported");
  end
  if (ShareStepBits == 0) begin : gen_bad_share_step
    $error("ShareStepBits must be at least 1");
  end

  //////////////////////////////////
  // Lookahead grant at task load //
  //////////////////////////////////

  logic [SumBits-1:0]  load_start_ext, load_end_line;
  logic [PtrBits-1:0]  load_rd_ptr, load_end_ptr;
  logic [PtrBits-1:0]  load_count, load_space, load_limit;
  logic [CreditBits-1:0] load_credit;

  assign load_start_ext = {1'b0, task_start_line_i};
  assign load_end_line  = load_start_ext + {1'b0, task_lines_i};
  assign load_rd_ptr    = load_start_ext[PtrBits-1:0];
  assign load_end_ptr   = load_end_line[PtrBits-1:0];
  // Lines left to fetch, and ring slots left before the lookahead would
  // reach the slot of the transfer's tail; both modulo the pointer width.
  assign load_count     = load_end_ptr - load_rd_ptr;
  assign load_space     = load_rd_ptr - load_end_ptr;

  always_comb begin
    load_limit = load_count;
    if (SpaceGuard && (load_space < load_limit)) begin
      load_limit = load_space;
    end
    if (load_limit > PtrBits'(PrefetchMax)) begin
      load_credit = CreditBits'(PrefetchMax);
    end else begin
      load_credit = CreditBits'(load_limit);
    end
  end

  ///////////
  // State //
  ///////////

  logic                  busy_d, busy_q;
  logic [LineBits-1:0]   start_d, start_q;
  logic [LineBits-1:0]   next_line_d, next_line_q;
  logic [LineBits-1:0]   lines_d, lines_q;
  logic [LineBits-1:0]   issued_d, issued_q;
  logic [LineBits-1:0]   retired_d, retired_q;
  logic [CreditBits-1:0] credit_d, credit_q;
  logic [CreditBits-1:0] pool_d, pool_q;
  logic [RingIdxBits-1:0] end_ptr_d, end_ptr_q;
  logic                  share_open_d, share_open_q;
  logic                  armed_d, armed_q;  // the load grant aliased (an armed repair)

  logic [LineBits-1:0] remaining, outstanding;
  logic prefetch_ok, demand_ok, task_fire, req_fire, page_last_line, lap_last_line;
  logic [LineBits-1:0]   left_after;     // lines left once this request is issued
  logic [LineBits-1:0]   issued_after;   // lines issued once this request is issued
  logic [CreditBits-1:0] relatch_credit, exact_credit, epoch_credit;
  logic [RingIdxBits:0]  epoch_count, epoch_space, epoch_limit;  // one epoch bit
  logic                  wrap_aliases, midpoint_repair;
  logic                  lookahead_open, kmem_free;
  logic [PageBits-1:0]   next_phase;
  logic                  unused_timebase;

  assign remaining   = lines_q - issued_q;
  assign outstanding = issued_q - retired_q;

  // The lookahead is open in the timebase's share (registered for this
  // cycle at the last edge), or while the page's budget lasts.
  assign lookahead_open = TimeShare ? share_open_q : (pool_q != '0);
  // Every request, on either path, reserves a KMem slot.
  assign kmem_free   = outstanding < LineBits'(KmemLines);
  // Lookahead runs while it is open and KMem has a free slot.
  assign prefetch_ok = busy_q && (remaining != '0) && lookahead_open && kmem_free;
  // Stop-and-go: the next line only while fewer than the demand depth are
  // outstanding (depth 1: when the consumer has nothing left to drain).
  assign demand_ok   = busy_q && (remaining != '0) && !lookahead_open && kmem_free &&
                       (outstanding < LineBits'(demand_depth_i));

  assign task_ready_o   = !busy_q;
  assign task_fire      = task_valid_i && task_ready_o;
  assign req_valid_o    = prefetch_ok || demand_ok;
  assign req_prefetch_o = prefetch_ok;
  assign req_line_o     = next_line_q;
  assign req_fire       = req_valid_o && req_ready_i;
  assign page_last_line = &next_line_q[PageBits-1:0];
  assign lap_last_line  = &next_line_q[RingIdxBits-1:0];
  assign left_after     = remaining - 1'b1;
  assign exact_credit   = (left_after > LineBits'(PrefetchMax)) ? CreditBits'(PrefetchMax)
                                                                : CreditBits'(left_after);
  // At the wrap the request pointer's ring index returns to 0: it meets the
  // end pointer exactly when the end pointer's index is 0.
  assign wrap_aliases   = (end_ptr_q == '0);
  assign epoch_count    = left_after[RingIdxBits:0];
  assign epoch_space    = -epoch_count;
  assign epoch_limit    = (SpaceGuard && (epoch_space < epoch_count)) ? epoch_space : epoch_count;
  assign epoch_credit   = (epoch_limit > (RingIdxBits+1)'(PrefetchMax)) ? CreditBits'(PrefetchMax)
                                                                      : CreditBits'(epoch_limit);
  assign relatch_credit = (RelatchAtWrap == RelatchEpoch1AtWrap) ? epoch_credit : exact_credit;
  // RelatchAtMidpoint: an aligned transfer of whole laps (end pointer at index
  // 0) past its first lap, with no more lines left than issued.
  // Counted with this request issued (issued_q + 1).
  assign issued_after    = issued_q + 1'b1;
  assign midpoint_repair = (RelatchAtWrap == RelatchAtMidpoint) && armed_q && wrap_aliases &&
                           (issued_after >= (LineBits'(1) << RingIdxBits)) &&
                           (left_after <= issued_after);

  // The share of the next cycle: open while the phase is below the grant, or
  // for good once what is left fits in the grant (a transfer shorter than a
  // page streams whole, as it would on a page budget).
  assign next_phase       = timebase_i[TimebaseBits-1 -: PageBits] +
                            PageBits'(&timebase_i[ShareStepBits-1:0]);
  assign share_open_d     = ({1'b0, next_phase} < credit_d) ||
                            ((lines_d - issued_d) <= LineBits'(credit_d));
  assign unused_timebase  = ^timebase_i;  // read only when TimeShare = 1

  always_comb begin
    busy_d      = busy_q;
    start_d     = start_q;
    next_line_d = next_line_q;
    lines_d     = lines_q;
    issued_d    = issued_q;
    retired_d   = retired_q;
    credit_d    = credit_q;
    pool_d      = pool_q;
    end_ptr_d   = end_ptr_q;
    armed_d     = armed_q;

    if (task_fire) begin
      busy_d      = 1'b1;
      start_d     = task_start_line_i;
      next_line_d = task_start_line_i;
      lines_d     = task_lines_i;
      issued_d    = '0;
      retired_d   = '0;
      credit_d    = load_credit;
      pool_d      = load_credit;
      end_ptr_d   = load_end_ptr[RingIdxBits-1:0];
      armed_d     = (load_credit == '0);
    end else begin
      if (req_fire) begin
        next_line_d = next_line_q + 1'b1;
        issued_d    = issued_q + 1'b1;
        if (page_last_line) begin
          // Crossing into the next page refills the grant.
          pool_d = credit_q;
          if (lap_last_line && ((RelatchAtWrap == RelatchAtEveryWrap) ||
                                ((RelatchAtWrap == RelatchEpoch1AtWrap) && armed_q &&
                                 wrap_aliases))) begin
            credit_d = relatch_credit;
            pool_d   = relatch_credit;
          end
          if (midpoint_repair) begin
            credit_d = exact_credit;
            pool_d   = exact_credit;
            armed_d  = 1'b0;
          end
        end else if (req_prefetch_o && !TimeShare) begin
          pool_d = pool_q - 1'b1;
        end
      end
      if (line_retired_i) begin
        retired_d = retired_q + 1'b1;
        if (retired_d == lines_q) begin
          busy_d = 1'b0;
        end
      end
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      busy_q      <= 1'b0;
      start_q     <= '0;
      next_line_q <= '0;
      lines_q     <= '0;
      issued_q    <= '0;
      retired_q   <= '0;
      credit_q    <= '0;
      pool_q      <= '0;
      end_ptr_q   <= '0;
      share_open_q <= 1'b0;
      armed_q     <= 1'b0;
    end else begin
      busy_q      <= busy_d;
      start_q     <= start_d;
      next_line_q <= next_line_d;
      lines_q     <= lines_d;
      issued_q    <= issued_d;
      retired_q   <= retired_d;
      credit_q    <= credit_d;
      pool_q      <= pool_d;
      end_ptr_q   <= end_ptr_d;
      share_open_q <= share_open_d;
      armed_q     <= armed_d;
    end
  end

  assign busy_o            = busy_q;
  assign prefetch_credit_o = credit_q;
  assign page_credit_o     = pool_q;
  assign lookahead_open_o  = lookahead_open;
  assign ring_rd_ptr_o     = next_line_q[RingIdxBits-1:0];
  assign ring_end_ptr_o    = end_ptr_q;
  assign lines_issued_o    = issued_q;
  assign lines_retired_o   = retired_q;

  ////////////////
  // Invariants //
  ////////////////

`include "kdma_assert.svh"

  always_comb begin
    if (rst_ni) begin
      // The grant never exceeds one page of lookahead.
      `KDMA_ASSERT(credit_q <= CreditBits'(PrefetchMax))
      `KDMA_ASSERT(pool_q <= credit_q)
      // Never more lines issued than the transfer holds, never more retired
      // than issued, never more in flight than KMem can hold.
      `KDMA_ASSERT(issued_q <= lines_q)
      `KDMA_ASSERT(retired_q <= issued_q)
      `KDMA_ASSERT(outstanding <= LineBits'(KmemLines))
      // Requests walk the transfer in order from its start line.
      `KDMA_ASSERT(next_line_q == start_q + issued_q)
      // The fixed ring (pointer wider than any length) never starves: while
      // lines are left to issue, the current page still has a grant.
      `KDMA_ASSERT(!NeverStarves || !busy_q || (remaining == '0) || (pool_q != '0))
      // Nor does it ever throttle: its grant is a full page unless the whole
      // transfer is shorter (a time-shared grant would otherwise open the
      // lookahead for part of the time only).
      `KDMA_ASSERT(!NeverStarves || !busy_q || (credit_q == CreditBits'(PrefetchMax)) ||
                   (LineBits'(credit_q) == lines_q))
      // An idle ring has delivered its whole transfer.
      `KDMA_ASSERT(busy_q || (retired_q == lines_q))
    end
  end

  // The environment: descriptors are never empty; a line is retired only
  // after it was requested; the demand depth is at least 1. The solver
  // assumes these at every step; simulation checks them where the ring
  // samples its inputs, at the rising edge (in an always_comb they would
  // also see the inputs of the cycle that just ended against the state it
  // produced).
`ifdef FORMAL
  always_comb begin
`else
  always_ff @(posedge clk_i) begin
`endif
    // Not gated by reset: in reset the ring is idle and the rules hold
    // trivially, and a reset read here would mix sync and async use.
    `KDMA_ASSUME(!task_fire || (task_lines_i != '0))
    `KDMA_ASSUME(!line_retired_i || (busy_q && (outstanding != '0)))
    `KDMA_ASSUME(demand_depth_i != '0)
  end


`ifdef FORMAL
  // Formal-only (tests/formal, docs/formal.md); never seen by simulation or
  // lint. The ring's own starvation property for every variant (the one
  // above is gated by NeverStarves), plus the strengthening invariants that
  // make the properties inductive: the grant was computed from the stored
  // descriptor, and the page grant is exactly what the issued lines left.
  logic [SumBits-1:0]    f_end_line;
  logic [PtrBits-1:0]    f_rd_ptr, f_end_ptr, f_count, f_space, f_limit;
  logic [CreditBits-1:0] f_credit, f_pool;
  logic [LineBits-1:0]   f_first_page;  // lines up to the start page's end
  logic [LineBits-1:0]   f_used;        // lines issued in the current page

  always_comb begin
    f_end_line = {1'b0, start_q} + {1'b0, lines_q};
    f_rd_ptr   = PtrBits'(start_q);
    f_end_ptr  = f_end_line[PtrBits-1:0];
    f_count    = f_end_ptr - f_rd_ptr;
    f_space    = f_rd_ptr - f_end_ptr;
    f_limit    = (SpaceGuard && (f_space < f_count)) ? f_space : f_count;
    f_credit   = (f_limit > PtrBits'(PrefetchMax)) ? CreditBits'(PrefetchMax)
                                                   : CreditBits'(f_limit);
    f_first_page = LineBits'(PrefetchMax) - LineBits'(start_q[PageBits-1:0]);
    f_used       = (issued_q < f_first_page) ? issued_q
                                             : LineBits'(next_line_q[PageBits-1:0]);
    f_pool       = TimeShare ? credit_q :
                   (f_used >= LineBits'(credit_q)) ? '0 : credit_q - CreditBits'(f_used);
    if (rst_ni) begin
      // The property under test: grant zero only when every line is issued.
      assert (!busy_q || (remaining == '0) || (pool_q != '0));
`ifdef KDMA_FORMAL_STRENGTHEN
      assert (credit_q == f_credit);
      assert (pool_q == f_pool);
      assert (!busy_q || (retired_q != lines_q));
      // A full grant, or one covering what is left, keeps a time-shared
      // lookahead open (any phase is below it) ...
      assert (!busy_q || (remaining == '0) || lookahead_open ||
              !((credit_q == CreditBits'(PrefetchMax)) || (remaining <= LineBits'(credit_q))));
      // ... so a ring that never starves never throttles either: the
      // lookahead is open whenever lines are left (on a page budget this is
      // the property above; on a time share it also catches a partial grant).
      assert (!busy_q || (remaining == '0) || lookahead_open);
`endif
    end
  end
`endif

endmodule
