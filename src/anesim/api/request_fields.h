// The field tables of the requests (src/anesim/api/*_fields.def) as C++: the rows
// (FieldSpec) and a visit of a request's members in the same order, which
// the generic binders of the command line and of Python walk.
#pragma once

#include <cstddef>  // IWYU pragma: keep (size_t in request_field_table.inc)

#include <anesim/api/advise.h>
#include <anesim/api/bench.h>
#include <anesim/api/cache.h>
#include <anesim/api/calibrate.h>
#include <anesim/api/characterize.h>
#include <anesim/api/chips.h>
#include <anesim/api/decode.h>
#include <anesim/api/field_spec.h>  // IWYU pragma: keep (used by the .inc)
#include <anesim/api/merge.h>
#include <anesim/api/program.h>
#include <anesim/api/replay.h>
#include <anesim/api/report.h>
#include <anesim/api/run.h>
#include <anesim/api/sweep.h>

namespace anesim::api {

template <class Request>
struct RequestFields;  // one specialisation per request with a table

// Each: kName, kSpecs (the rows) and each(request, visit) (request_field_table.inc).
#define ANESIM_TABLE_REQUEST RunRequest
#define ANESIM_TABLE_NAME "run"
#define ANESIM_TABLE_DEF <anesim/api/run_fields.def>
#include <anesim/api/request_field_table.inc>

#define ANESIM_TABLE_REQUEST CharacterizeRequest
#define ANESIM_TABLE_NAME "characterize"
#define ANESIM_TABLE_DEF <anesim/api/characterize_fields.def>
#include <anesim/api/request_field_table.inc>

#define ANESIM_TABLE_REQUEST SweepRequest
#define ANESIM_TABLE_NAME "sweep"
#define ANESIM_TABLE_DEF <anesim/api/sweep_fields.def>
#include <anesim/api/request_field_table.inc>

#define ANESIM_TABLE_REQUEST AdviseRequest
#define ANESIM_TABLE_NAME "advise"
#define ANESIM_TABLE_DEF <anesim/api/advise_fields.def>
#include <anesim/api/request_field_table.inc>

#define ANESIM_TABLE_REQUEST ReplayRequest
#define ANESIM_TABLE_NAME "replay"
#define ANESIM_TABLE_DEF <anesim/api/replay_fields.def>
#include <anesim/api/request_field_table.inc>

#define ANESIM_TABLE_REQUEST DecodeRequest
#define ANESIM_TABLE_NAME "decode"
#define ANESIM_TABLE_DEF <anesim/api/decode_fields.def>
#include <anesim/api/request_field_table.inc>

#define ANESIM_TABLE_REQUEST ReportRequest
#define ANESIM_TABLE_NAME "report"
#define ANESIM_TABLE_DEF <anesim/api/report_fields.def>
#include <anesim/api/request_field_table.inc>

#define ANESIM_TABLE_REQUEST CalibrateRequest
#define ANESIM_TABLE_NAME "calibrate"
#define ANESIM_TABLE_DEF <anesim/api/calibrate_fields.def>
#include <anesim/api/request_field_table.inc>

#define ANESIM_TABLE_REQUEST ChipsRequest
#define ANESIM_TABLE_NAME "chips"
#define ANESIM_TABLE_DEF <anesim/api/chips_fields.def>
#include <anesim/api/request_field_table.inc>

#define ANESIM_TABLE_REQUEST ProgramRequest
#define ANESIM_TABLE_NAME "program"
#define ANESIM_TABLE_DEF <anesim/api/program_fields.def>
#include <anesim/api/request_field_table.inc>

#define ANESIM_TABLE_REQUEST CacheRequest
#define ANESIM_TABLE_NAME "cache"
#define ANESIM_TABLE_DEF <anesim/api/cache_fields.def>
#include <anesim/api/request_field_table.inc>

#define ANESIM_TABLE_REQUEST MergeRequest
#define ANESIM_TABLE_NAME "merge"
#define ANESIM_TABLE_DEF <anesim/api/merge_fields.def>
#include <anesim/api/request_field_table.inc>

#define ANESIM_TABLE_REQUEST BenchRequest
#define ANESIM_TABLE_NAME "bench"
#define ANESIM_TABLE_DEF <anesim/api/bench_fields.def>
#include <anesim/api/request_field_table.inc>

}  // namespace anesim::api
