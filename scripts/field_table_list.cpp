// The request field tables as data: each src/anesim/api/*_fields.def
// included with its C++ columns (types, initial values) dropped, so that
// this needs no library; the result key tables are result_table_list.cpp's.
#include <iterator>

#include "scripts/field_tables.h"

namespace field_tables {

namespace {

constexpr FieldSpec kRun[] = {
#define ANESIM_FIELD(member, type, init, kind, ...) {#member, FieldKind::kind, __VA_ARGS__},
#include <anesim/api/run_fields.def>
#undef ANESIM_FIELD
};

constexpr FieldSpec kCharacterize[] = {
#define ANESIM_FIELD(member, type, init, kind, ...) {#member, FieldKind::kind, __VA_ARGS__},
#include <anesim/api/characterize_fields.def>
#undef ANESIM_FIELD
};

constexpr FieldSpec kSweep[] = {
#define ANESIM_FIELD(member, type, init, kind, ...) {#member, FieldKind::kind, __VA_ARGS__},
#include <anesim/api/sweep_fields.def>
#undef ANESIM_FIELD
};

constexpr FieldSpec kReplay[] = {
#define ANESIM_FIELD(member, type, init, kind, ...) {#member, FieldKind::kind, __VA_ARGS__},
#include <anesim/api/replay_fields.def>
#undef ANESIM_FIELD
};

constexpr FieldSpec kDecode[] = {
#define ANESIM_FIELD(member, type, init, kind, ...) {#member, FieldKind::kind, __VA_ARGS__},
#include <anesim/api/decode_fields.def>
#undef ANESIM_FIELD
};

constexpr FieldSpec kReport[] = {
#define ANESIM_FIELD(member, type, init, kind, ...) {#member, FieldKind::kind, __VA_ARGS__},
#include <anesim/api/report_fields.def>
#undef ANESIM_FIELD
};

constexpr FieldSpec kCalibrate[] = {
#define ANESIM_FIELD(member, type, init, kind, ...) {#member, FieldKind::kind, __VA_ARGS__},
#include <anesim/api/calibrate_fields.def>
#undef ANESIM_FIELD
};

constexpr FieldSpec kChips[] = {
#define ANESIM_FIELD(member, type, init, kind, ...) {#member, FieldKind::kind, __VA_ARGS__},
#include <anesim/api/chips_fields.def>
#undef ANESIM_FIELD
};

constexpr FieldSpec kProgram[] = {
#define ANESIM_FIELD(member, type, init, kind, ...) {#member, FieldKind::kind, __VA_ARGS__},
#include <anesim/api/program_fields.def>
#undef ANESIM_FIELD
};

constexpr FieldSpec kCache[] = {
#define ANESIM_FIELD(member, type, init, kind, ...) {#member, FieldKind::kind, __VA_ARGS__},
#include <anesim/api/cache_fields.def>
#undef ANESIM_FIELD
};

constexpr FieldSpec kAdvise[] = {
#define ANESIM_FIELD(member, type, init, kind, ...) {#member, FieldKind::kind, __VA_ARGS__},
#include <anesim/api/advise_fields.def>
#undef ANESIM_FIELD
};

constexpr FieldSpec kMerge[] = {
#define ANESIM_FIELD(member, type, init, kind, ...) {#member, FieldKind::kind, __VA_ARGS__},
#include <anesim/api/merge_fields.def>
#undef ANESIM_FIELD
};

constexpr FieldSpec kBench[] = {
#define ANESIM_FIELD(member, type, init, kind, ...) {#member, FieldKind::kind, __VA_ARGS__},
#include <anesim/api/bench_fields.def>
#undef ANESIM_FIELD
};

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
