// Bounded liveness of rtl/kdma_prefetch_ring.sv (docs/formal.md): a ring
// that is busy with lines left to issue issues its next line within
// IssueBound cycles, under a fabric that accepts every request and a
// consumer that drains the oldest outstanding line within DrainBound
// cycles. KMem is shrunk to KmemLines slots so that a full KMem, and the
// wait for it to drain, lie within reach of the solver.
//  * fix: the lookahead never closes, so only a full KMem stops it: the
//    bound is one drain, DrainBound + 1.
//  * bug: a closed lookahead falls back to stop-and-go, which waits for
//    the lines in flight to drain below the demand depth: at most KmemLines
//    drains, its round trip, KmemLines * DrainBound + 1. The erratum costs
//    time, never progress.
// Formal only: read by tests/formal/run_liveness.py, never by Verilator.
module kdma_liveness #(
  parameter int unsigned EpochBits     = 19,
  parameter bit          SpaceGuard    = 1'b1,
  parameter kdma_pkg::relatch_e RelatchAtWrap = kdma_pkg::RelatchNever,
  parameter bit          TimeShare     = 1'b1,
  parameter int unsigned KmemLines     = 4,
  parameter int unsigned DrainBound    = 2,
  parameter int unsigned IssueBound    = 3
) (
  input logic        clk_i,
  input logic        rst_ni,
  input logic [11:0] timebase_i,
  input logic [3:0]  demand_depth_i,
  input logic        task_valid_i,
  input logic [31:0] task_start_line_i,
  input logic [31:0] task_lines_i,
  input logic        line_retired_i
);

  logic        task_ready, req_valid, req_prefetch, busy, lookahead_open;
  logic [31:0] req_line, issued, retired;
  logic [8:0]  credit, page_credit;
  logic [13:0] rd_ptr, end_ptr;

  kdma_prefetch_ring #(
    .EpochBits(EpochBits), .SpaceGuard(SpaceGuard), .RelatchAtWrap(RelatchAtWrap),
    .TimeShare(TimeShare), .KmemLines(KmemLines)
  ) u_ring (
    .clk_i, .rst_ni, .timebase_i, .demand_depth_i, .task_valid_i,
    .task_ready_o(task_ready), .task_start_line_i, .task_lines_i,
    .req_valid_o(req_valid), .req_ready_i(1'b1), .req_line_o(req_line),
    .req_prefetch_o(req_prefetch), .line_retired_i, .busy_o(busy),
    .prefetch_credit_o(credit), .page_credit_o(page_credit),
    .lookahead_open_o(lookahead_open), .ring_rd_ptr_o(rd_ptr), .ring_end_ptr_o(end_ptr),
    .lines_issued_o(issued), .lines_retired_o(retired)
  );

  logic [31:0] lines_q;       // the loaded transfer's length
  logic [7:0]  drain_wait_q;  // cycles the oldest outstanding line has waited
  logic [7:0]  issue_wait_q;  // cycles a busy ring with lines left has not issued
  logic        waiting;
  assign waiting = busy && (issued != lines_q) && !req_valid;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      lines_q      <= '0;
      drain_wait_q <= '0;
      issue_wait_q <= '0;
    end else begin
      if (task_valid_i && task_ready) begin
        lines_q <= task_lines_i;
      end
      drain_wait_q <= (line_retired_i || issued == retired) ? 8'd0 : drain_wait_q + 8'd1;
      issue_wait_q <= waiting ? issue_wait_q + 8'd1 : 8'd0;
    end
  end

  always_comb begin
    // The consumer: the oldest outstanding line is drained within DrainBound
    // cycles of being issued.
    assume (issued == retired || line_retired_i || (drain_wait_q < 8'(DrainBound - 1)));
    if (rst_ni) begin
      // The property: a ring with lines left issues one within IssueBound.
      assert (issue_wait_q < 8'(IssueBound));
    end
  end

  logic unused;
  assign unused = ^{req_line, req_prefetch, credit, page_credit, lookahead_open, rd_ptr, end_ptr};

endmodule
