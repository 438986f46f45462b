// The field tables of the requests (src/anesim/api/*_fields.def) as C++: the rows
// (FieldSpec) and a visit of a request's members in the same order, which
// the generic binders of the command line and of Python walk.
#pragma once

#include <cstddef>

#include <anesim/api/advise.h>
#include <anesim/api/cache.h>
#include <anesim/api/calibrate.h>
#include <anesim/api/characterize.h>
#include <anesim/api/chips.h>
#include <anesim/api/decode.h>
#include <anesim/api/field_spec.h>
#include <anesim/api/program.h>
#include <anesim/api/replay.h>
#include <anesim/api/report.h>
#include <anesim/api/run.h>
#include <anesim/api/sweep.h>

namespace anesim::api {

template <class Request>
struct RequestFields;  // one specialisation per request with a table

template <>
struct RequestFields<RunRequest> {
  static constexpr const char* kName = "run";
  static constexpr FieldSpec kSpecs[] = {
#define ANESIM_FIELD(member, type, init, kind, ...) {#member, FieldKind::kind, __VA_ARGS__},
#include <anesim/api/run_fields.def>
#undef ANESIM_FIELD
  };
  // Calls visit(spec, member) for every field of `r`, in the table's order.
  template <class Request, class Visit>
  static void each(Request& r, Visit&& visit) {
    size_t i = 0;
#define ANESIM_FIELD(member, ...) visit(kSpecs[i++], r.member);
#include <anesim/api/run_fields.def>
#undef ANESIM_FIELD
  }
};

template <>
struct RequestFields<CharacterizeRequest> {
  static constexpr const char* kName = "characterize";
  static constexpr FieldSpec kSpecs[] = {
#define ANESIM_FIELD(member, type, init, kind, ...) {#member, FieldKind::kind, __VA_ARGS__},
#include <anesim/api/characterize_fields.def>
#undef ANESIM_FIELD
  };
  template <class Request, class Visit>
  static void each(Request& r, Visit&& visit) {
    size_t i = 0;
#define ANESIM_FIELD(member, ...) visit(kSpecs[i++], r.member);
#include <anesim/api/characterize_fields.def>
#undef ANESIM_FIELD
  }
};

template <>
struct RequestFields<SweepRequest> {
  static constexpr const char* kName = "sweep";
  static constexpr FieldSpec kSpecs[] = {
#define ANESIM_FIELD(member, type, init, kind, ...) {#member, FieldKind::kind, __VA_ARGS__},
#include <anesim/api/sweep_fields.def>
#undef ANESIM_FIELD
  };
  template <class Request, class Visit>
  static void each(Request& r, Visit&& visit) {
    size_t i = 0;
#define ANESIM_FIELD(member, ...) visit(kSpecs[i++], r.member);
#include <anesim/api/sweep_fields.def>
#undef ANESIM_FIELD
  }
};

template <>
struct RequestFields<AdviseRequest> {
  static constexpr const char* kName = "advise";
  static constexpr FieldSpec kSpecs[] = {
#define ANESIM_FIELD(member, type, init, kind, ...) {#member, FieldKind::kind, __VA_ARGS__},
#include <anesim/api/advise_fields.def>
#undef ANESIM_FIELD
  };
  template <class Request, class Visit>
  static void each(Request& r, Visit&& visit) {
    size_t i = 0;
#define ANESIM_FIELD(member, ...) visit(kSpecs[i++], r.member);
#include <anesim/api/advise_fields.def>
#undef ANESIM_FIELD
  }
};

template <>
struct RequestFields<ReplayRequest> {
  static constexpr const char* kName = "replay";
  static constexpr FieldSpec kSpecs[] = {
#define ANESIM_FIELD(member, type, init, kind, ...) {#member, FieldKind::kind, __VA_ARGS__},
#include <anesim/api/replay_fields.def>
#undef ANESIM_FIELD
  };
  template <class Request, class Visit>
  static void each(Request& r, Visit&& visit) {
    size_t i = 0;
#define ANESIM_FIELD(member, ...) visit(kSpecs[i++], r.member);
#include <anesim/api/replay_fields.def>
#undef ANESIM_FIELD
  }
};

template <>
struct RequestFields<DecodeRequest> {
  static constexpr const char* kName = "decode";
  static constexpr FieldSpec kSpecs[] = {
#define ANESIM_FIELD(member, type, init, kind, ...) {#member, FieldKind::kind, __VA_ARGS__},
#include <anesim/api/decode_fields.def>
#undef ANESIM_FIELD
  };
  template <class Request, class Visit>
  static void each(Request& r, Visit&& visit) {
    size_t i = 0;
#define ANESIM_FIELD(member, ...) visit(kSpecs[i++], r.member);
#include <anesim/api/decode_fields.def>
#undef ANESIM_FIELD
  }
};

template <>
struct RequestFields<ReportRequest> {
  static constexpr const char* kName = "report";
  static constexpr FieldSpec kSpecs[] = {
#define ANESIM_FIELD(member, type, init, kind, ...) {#member, FieldKind::kind, __VA_ARGS__},
#include <anesim/api/report_fields.def>
#undef ANESIM_FIELD
  };
  template <class Request, class Visit>
  static void each(Request& r, Visit&& visit) {
    size_t i = 0;
#define ANESIM_FIELD(member, ...) visit(kSpecs[i++], r.member);
#include <anesim/api/report_fields.def>
#undef ANESIM_FIELD
  }
};

template <>
struct RequestFields<CalibrateRequest> {
  static constexpr const char* kName = "calibrate";
  static constexpr FieldSpec kSpecs[] = {
#define ANESIM_FIELD(member, type, init, kind, ...) {#member, FieldKind::kind, __VA_ARGS__},
#include <anesim/api/calibrate_fields.def>
#undef ANESIM_FIELD
  };
  template <class Request, class Visit>
  static void each(Request& r, Visit&& visit) {
    size_t i = 0;
#define ANESIM_FIELD(member, ...) visit(kSpecs[i++], r.member);
#include <anesim/api/calibrate_fields.def>
#undef ANESIM_FIELD
  }
};

template <>
struct RequestFields<ChipsRequest> {
  static constexpr const char* kName = "chips";
  static constexpr FieldSpec kSpecs[] = {
#define ANESIM_FIELD(member, type, init, kind, ...) {#member, FieldKind::kind, __VA_ARGS__},
#include <anesim/api/chips_fields.def>
#undef ANESIM_FIELD
  };
  template <class Request, class Visit>
  static void each(Request& r, Visit&& visit) {
    size_t i = 0;
#define ANESIM_FIELD(member, ...) visit(kSpecs[i++], r.member);
#include <anesim/api/chips_fields.def>
#undef ANESIM_FIELD
  }
};

template <>
struct RequestFields<ProgramRequest> {
  static constexpr const char* kName = "program";
  static constexpr FieldSpec kSpecs[] = {
#define ANESIM_FIELD(member, type, init, kind, ...) {#member, FieldKind::kind, __VA_ARGS__},
#include <anesim/api/program_fields.def>
#undef ANESIM_FIELD
  };
  template <class Request, class Visit>
  static void each(Request& r, Visit&& visit) {
    size_t i = 0;
#define ANESIM_FIELD(member, ...) visit(kSpecs[i++], r.member);
#include <anesim/api/program_fields.def>
#undef ANESIM_FIELD
  }
};

template <>
struct RequestFields<CacheRequest> {
  static constexpr const char* kName = "cache";
  static constexpr FieldSpec kSpecs[] = {
#define ANESIM_FIELD(member, type, init, kind, ...) {#member, FieldKind::kind, __VA_ARGS__},
#include <anesim/api/cache_fields.def>
#undef ANESIM_FIELD
  };
  template <class Request, class Visit>
  static void each(Request& r, Visit&& visit) {
    size_t i = 0;
#define ANESIM_FIELD(member, ...) visit(kSpecs[i++], r.member);
#include <anesim/api/cache_fields.def>
#undef ANESIM_FIELD
  }
};

}  // namespace anesim::api
