// `anesim program`: a compiled program as the kernel DMA sees it, on one
// machine (docs/program-format.md): each weight op's stored bytes and lines
// per core, its place against the 1 MiB laps, and whether the machine's
// ring notches it, with the reader's findings. Text and JSON.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <anesim/analysis/step/step_plan.h>
#include <anesim/io/json.h>
#include <anesim/model/compiled_program.h>
#include <sim/base/ring_variant_id.h>

namespace anesim {

class TimingTable;

// One weight op's verdict on the machine.
struct OpVerdict {
  std::optional<bool> notched;  // nullopt: the table cannot decide it, and no rule applies
  const char* source = "rule";  // "table" (the machine's timing table) or "rule" (|x| < 256)
};

struct ProgramReport {
  CompiledProgram program;
  std::string machine;  // the description's name
  RingVariant ring = RingVariant::kBug;
  bool from_table = false;
  // Per function, per weight op (as program.functions).
  std::vector<std::vector<OpVerdict>> verdicts;
  // The decode step the program runs as (no split): its kernel-DMA tasks.
  StepPlan step;
};

// The verdicts of every streamed op of `p` from `table` where it decides
// them, else by the published rule.
ProgramReport program_report(CompiledProgram p, const std::string& machine, RingVariant ring,
                             const TimingTable* table);

std::string program_text(const ProgramReport& r);
Json program_json(const ProgramReport& r);

}  // namespace anesim
