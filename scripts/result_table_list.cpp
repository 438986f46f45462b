// The result key tables as data: each *_keys.def (beside the code building
// its dict) included with its value column dropped, so that this needs no
// library; the request field tables are field_table_list.cpp's.
#include <iterator>

#include "scripts/field_tables.h"

namespace field_tables {

namespace {

// Every table below expands its .def with this row (the value column dropped).
#define ANESIM_RESULT_KEY(key, type, when, value, doc) {#key, type, #when, doc},

constexpr ResultKey kRunResult[] = {
#include <anesim/analysis/run/run_json_keys.def>
};

constexpr ResultKey kChipInfo[] = {
#include <anesim/present/chips_json_keys.def>
};

constexpr ResultKey kTimingTableResult[] = {
#include <anesim/present/characterize_json_keys.def>
};

constexpr ResultKey kReportResult[] = {
#include <anesim/present/report_json_keys.def>
};

constexpr ResultKey kSweepResult[] = {
#include <anesim/present/sweep_json_keys.def>
};

constexpr ResultKey kSweepColumns[] = {
#include <anesim/present/sweep_columns_keys.def>
};

constexpr ResultKey kReplayResult[] = {
#include <anesim/analysis/replay/replay_json_keys.def>
};

constexpr ResultKey kReplayRecord[] = {
#include <anesim/analysis/replay/replay_record_keys.def>
};

constexpr ResultKey kReplayCurve[] = {
#include <anesim/analysis/replay/replay_curve_keys.def>
};

constexpr ResultKey kReplayStats[] = {
#include <anesim/analysis/replay/replay_stats_keys.def>
};

constexpr ResultKey kDecodeResult[] = {
#include <anesim/analysis/decode/decode_json_keys.def>
};

constexpr ResultKey kDecodeSide[] = {
#include <anesim/analysis/decode/decode_side_keys.def>
};

constexpr ResultKey kDecodeBreakdown[] = {
#include <anesim/analysis/decode/decode_breakdown_keys.def>
};

constexpr ResultKey kCalibration[] = {
#include <anesim/analysis/calibrate/calibration_json_keys.def>
#include <anesim/present/calibration_summary_keys.def>
#include <anesim/python/calibrate_keys.def>
};

constexpr ResultKey kCalibrationParameter[] = {
#include <anesim/analysis/calibrate/calibration_parameter_keys.def>
};

constexpr ResultKey kCalibrationCurve[] = {
#include <anesim/analysis/calibrate/calibration_curve_keys.def>
};

constexpr ResultKey kTransferAdvice[] = {
#include <anesim/analysis/advise/transfer_json_keys.def>
};

constexpr ResultKey kShapeAdvice[] = {
#define ANESIM_RESULT_BASE(base, value) {"", #base, "true", ""},
#include <anesim/analysis/advise/shape_json_keys.def>
#undef ANESIM_RESULT_BASE
};

constexpr ResultKey kModelAdvice[] = {
#include <anesim/analysis/advise/model_json_keys.def>
};

constexpr ResultKey kPathLatency[] = {
#include <anesim/analysis/run/latency_path_keys.def>
};

constexpr ResultKey kModelTransfer[] = {
#include <anesim/python/model_transfer_keys.def>
};

constexpr ResultKey kFleetChip[] = {
#include <anesim/analysis/advise/fleet_chip_json_keys.def>
};

constexpr ResultKey kFleetCost[] = {
#include <anesim/analysis/advise/fleet_cost_json_keys.def>
};

constexpr ResultKey kFleetProjection[] = {
#include <anesim/analysis/advise/fleet_projection_json_keys.def>
};

constexpr ResultKey kFleetAdvice[] = {
#include <anesim/analysis/advise/fleet_json_keys.def>
};

constexpr ResultKey kGenerationInfo[] = {
#include <anesim/present/generation_json_keys.def>
};

constexpr ResultKey kVariantInfo[] = {
#include <anesim/python/variant_keys.def>
};

constexpr ResultKey kLoadedModel[] = {
#include <anesim/python/loaded_model_keys.def>
};

constexpr ResultKey kCompiledProgram[] = {
#include <anesim/analysis/program/program_json_keys.def>
};

constexpr ResultKey kProgramFunction[] = {
#include <anesim/analysis/program/program_function_keys.def>
};

constexpr ResultKey kProgramWeightOp[] = {
#include <anesim/analysis/program/program_weight_op_keys.def>
};

constexpr ResultKey kProgramConstant[] = {
#include <anesim/analysis/program/program_constant_keys.def>
};

constexpr ResultKey kProgramFinding[] = {
#include <anesim/analysis/program/program_finding_keys.def>
};

constexpr ResultKey kProgramTask[] = {
#include <anesim/analysis/program/program_task_keys.def>
};
#undef ANESIM_RESULT_KEY

}  // namespace

const Result kResults[] = {
    {"RunResult", "The dict of `anesim --json` (docs/cli.md).", kRunResult, std::size(kRunResult)},
    {"ChipInfo", "One chip of chips(): an entry of `anesim chips --json`.", kChipInfo,
     std::size(kChipInfo)},
    {"TimingTableResult",
     "characterize(): where the table goes, its points, and the table file's JSON.",
     kTimingTableResult, std::size(kTimingTableResult)},
    {"ReportResult", "report(): the document and its plots' folder, both written.", kReportResult,
     std::size(kReportResult)},
    {"SweepResult", "sweep(): the swept axis, the machine, and the CSV's columns.", kSweepResult,
     std::size(kSweepResult)},
    {"SweepColumns",
     "sweep(): the CSV's columns; numeric ones are numpy arrays (lists without numpy).",
     kSweepColumns, std::size(kSweepColumns)},
    {"ReplayResult", "replay(): the dict of `anesim replay FILES --json`.", kReplayResult,
     std::size(kReplayResult)},
    {"ReplayRecord", "One record of replay(), simulated; the decode-step keys for such records.",
     kReplayRecord, std::size(kReplayRecord)},
    {"ReplayCurve", "One curve of replay() and its error.", kReplayCurve, std::size(kReplayCurve)},
    {"ReplayStats", "The error over a set of replay()'s records.", kReplayStats,
     std::size(kReplayStats)},
    {"DecodeResult", "decode(): the dict of `anesim decode --model M --json` (docs/decode.md).",
     kDecodeResult, std::size(kDecodeResult)},
    {"DecodeSide", "One side of decode(): the step before or after the splits.", kDecodeSide,
     std::size(kDecodeSide)},
    {"DecodeBreakdown", "Where a decoded token's time goes; the times add up to its ms_per_token.",
     kDecodeBreakdown, std::size(kDecodeBreakdown)},
    {"Calibration",
     "calibrate(): the summary of `anesim calibrate --summary` and the fitted description's text.",
     kCalibration, std::size(kCalibration)},
    {"CalibrationParameter", "One free key of calibrate(), fitted.", kCalibrationParameter,
     std::size(kCalibrationParameter)},
    {"CalibrationCurve",
     "One curve's error at calibrate()'s fit; with cross-validation also at the fit without it.",
     kCalibrationCurve, std::size(kCalibrationCurve)},
    {"TransferAdvice",
     "One transfer's advice (docs/advise.md); the optional keys appear where they apply.",
     kTransferAdvice, std::size(kTransferAdvice)},
    {"ShapeAdvice", "advise(): one shape's advice with its machine.", kShapeAdvice,
     std::size(kShapeAdvice)},
    {"ModelAdvice", "advise_model(): the dict of `anesim advise --model M --json`.", kModelAdvice,
     std::size(kModelAdvice)},
    {"PathLatency", "One path of a run's latency: its lines and their cycles.", kPathLatency,
     std::size(kPathLatency)},
    {"ModelTransfer", "One transfer of load_model()'s `transfers`.", kModelTransfer,
     std::size(kModelTransfer)},
    {"FleetChip", "One chip of a fleet's advice; note only where the verdict is unknown.",
     kFleetChip, std::size(kFleetChip)},
    {"FleetCost", "One chip's times for a transfer of a fleet's advice, with the fleet's split.",
     kFleetCost, std::size(kFleetCost)},
    {"FleetProjection", "One transfer of a fleet's advice: the chips it hits and one split.",
     kFleetProjection, std::size(kFleetProjection)},
    {"FleetAdvice",
     "advise(chips=...) and advise_model(chips=...): `anesim advise --chip A,B,... --json`.",
     kFleetAdvice, std::size(kFleetAdvice)},
    {"GenerationInfo",
     "One Neural Engine generation of generations(): `anesim chips --generations --json`.",
     kGenerationInfo, std::size(kGenerationInfo)},
    {"VariantInfo", "One ring variant of variants().", kVariantInfo, std::size(kVariantInfo)},
    {"LoadedModel", "load_model(): the model, its transfers and its editable description.",
     kLoadedModel, std::size(kLoadedModel)},
    {"CompiledProgram", "load_program(): the dict of `anesim program PATH --json`.",
     kCompiledProgram, std::size(kCompiledProgram)},
    {"ProgramFunction", "One function of load_program(), with its weight ops.", kProgramFunction,
     std::size(kProgramFunction)},
    {"ProgramWeightOp", "One op of load_program() that reads a weight, and its verdict.",
     kProgramWeightOp, std::size(kProgramWeightOp)},
    {"ProgramConstant", "One constant of load_program().", kProgramConstant,
     std::size(kProgramConstant)},
    {"ProgramFinding", "What reading load_program()'s program found.", kProgramFinding,
     std::size(kProgramFinding)},
    {"ProgramTask", "One kernel-DMA task of the decode step load_program()'s program runs as.",
     kProgramTask, std::size(kProgramTask)}};

const size_t kResultCount = std::size(kResults);

}  // namespace field_tables
