// The request field tables as data: each src/anesim/api/*_fields.def
// included with its C++ columns (types, initial values) dropped, so that
// this needs no library; the result key tables are result_table_list.cpp's.
#include <iterator>

#include "scripts/field_tables.h"

namespace field_tables {

namespace {

// Every table below expands its .def with this row.
#define ANESIM_FIELD(member, type, init, kind, ...) {#member, FieldKind::kind, __VA_ARGS__},

constexpr FieldSpec kRun[] = {
#include <anesim/api/run_fields.def>
};

constexpr FieldSpec kCharacterize[] = {
#include <anesim/api/characterize_fields.def>
};

constexpr FieldSpec kSweep[] = {
#include <anesim/api/sweep_fields.def>
};

constexpr FieldSpec kReplay[] = {
#include <anesim/api/replay_fields.def>
};

constexpr FieldSpec kDecode[] = {
#include <anesim/api/decode_fields.def>
};

constexpr FieldSpec kReport[] = {
#include <anesim/api/report_fields.def>
};

constexpr FieldSpec kCalibrate[] = {
#include <anesim/api/calibrate_fields.def>
};

constexpr FieldSpec kChips[] = {
#include <anesim/api/chips_fields.def>
};

constexpr FieldSpec kProgram[] = {
#include <anesim/api/program_fields.def>
};

constexpr FieldSpec kCache[] = {
#include <anesim/api/cache_fields.def>
};

constexpr FieldSpec kAdvise[] = {
#include <anesim/api/advise_fields.def>
};

constexpr FieldSpec kMerge[] = {
#include <anesim/api/merge_fields.def>
};

constexpr FieldSpec kBench[] = {
#include <anesim/api/bench_fields.def>
};
#undef ANESIM_FIELD

}  // namespace

const Table kTables[] = {
    {"run", kRun, std::size(kRun), "RunResult", ""},
    {"characterize", kCharacterize, std::size(kCharacterize), "TimingTableResult",
     "    *,\n    write: bool = False,\n"},
    {"sweep", kSweep, std::size(kSweep), "SweepResult", "",
     "    axis: Literal[\"lines\", \"x\", \"cin\", \"cout\", \"cores\", \"split\"],\n"
     "    first: int,\n    last: int,\n    step: int = 1,\n",
     "axis, first, last, step=1"},
    {"replay", kReplay, std::size(kReplay), "ReplayResult", ""},
    {"advise", kAdvise, std::size(kAdvise), nullptr, ""},
    {"decode", kDecode, std::size(kDecode), "DecodeResult", ""},
    {"report", kReport, std::size(kReport), "ReportResult", ""},
    {"calibrate", kCalibrate, std::size(kCalibrate), "Calibration", ""},
    {"chips", kChips, std::size(kChips), "List[ChipInfo]", ""},
    {"program", kProgram, std::size(kProgram), "CompiledProgram", "", "", "", "load_program"},
    {"cache", kCache, std::size(kCache), nullptr, ""},
    {"merge", kMerge, std::size(kMerge), nullptr, ""},
    {"bench", kBench, std::size(kBench), nullptr, ""}};

const size_t kTableCount = std::size(kTables);

}  // namespace field_tables
