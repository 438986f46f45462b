// Assertion macros read by both Verilator (simulation, --assert) and yosys
// (formal, -DFORMAL). Both tools accept only immediate assertions inside
// procedural blocks and no action blocks, so that is the only form used.
`ifndef KDMA_ASSERT_SVH
`define KDMA_ASSERT_SVH

// An invariant of the design: checked in simulation, proven in formal.
`define KDMA_ASSERT(expr) assert (expr);

// What the design expects of its environment: an assumption for the solver,
// a checked protocol rule for the testbench in simulation.
`ifdef FORMAL
`define KDMA_ASSUME(expr) assume (expr);
`else
`define KDMA_ASSUME(expr) assert (expr);
`endif

`endif
