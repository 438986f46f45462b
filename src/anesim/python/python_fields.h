// The one binder of a request's field table (src/anesim/api/request_fields.h) to
// Python: positional and keyword arguments read into the request by the
// same rows that give the command line its options, each value through the
// converters of python_values.h, so that types and messages match. The
// keywords' order is the table's: a row's position is its argument's.
#pragma once

#include <pybind11/pybind11.h>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <anesim/api/calibrate.h>
#include <anesim/api/decode.h>
#include <anesim/api/machine_choice.h>
#include <anesim/api/model_source.h>
#include <anesim/api/request_fields.h>
#include <anesim/api/shard.h>
#include <anesim/api/variants.h>
#include <anesim/api/weight_format_fields.h>

namespace anesim::python {

namespace py = pybind11;

// The arguments of one call by keyword (None where not given), and the
// function's name for messages; TypeError for an unknown keyword, a keyword
// given twice or too many positionals.
struct Arguments {
  const char* function;
  std::map<std::string, py::object> values;
  const py::object& get(const std::string& name) const;  // None when not given
};
Arguments bind_arguments(const char* function, const api::FieldSpec* specs, size_t count,
                         const py::args& args, const py::kwargs& kwargs);
// The Python keywords of `specs`, in order (a machine row is config, chip).
std::vector<std::string> python_keywords(const api::FieldSpec* specs, size_t count);
// "name(a=None, b=1, ...)" and one line per keyword: the function's __doc__.
// `lead`: arguments bound by hand before the table's ("axis, first, ...").
std::string python_doc(const char* function, const std::string& summary,
                       const api::FieldSpec* specs, size_t count, const std::string& lead = "");

// One member from its argument, by the member's type
// (python_field_readers.cpp); None keeps the request's initial value.
void read_argument(const api::FieldSpec& s, const Arguments& a, std::optional<uint64_t>& out);
void read_argument(const api::FieldSpec& s, const Arguments& a, uint64_t& out);
void read_argument(const api::FieldSpec& s, const Arguments& a, std::vector<uint64_t>& out);
void read_argument(const api::FieldSpec& s, const Arguments& a, std::string& out);
void read_argument(const api::FieldSpec& s, const Arguments& a, std::vector<std::string>& out);
void read_argument(const api::FieldSpec& s, const Arguments& a, std::optional<double>& out);
void read_argument(const api::FieldSpec& s, const Arguments& a, bool& out);
void read_argument(const api::FieldSpec& s, const Arguments& a, std::optional<RingVariant>& out);
void read_argument(const api::FieldSpec& s, const Arguments& a, std::vector<RingVariant>& out);
// The command line's alone (--shard): never a keyword.
inline void read_argument(const api::FieldSpec&, const Arguments&, std::optional<Shard>&) {}
void read_argument(const api::FieldSpec& s, const Arguments& a, std::optional<MemoryCoupling>& out);
void read_argument(const api::FieldSpec& s, const Arguments& a, api::MachineChoice& out);
void read_argument(const api::FieldSpec& s, const Arguments& a,
                   std::optional<std::vector<std::string>>& out);
void read_argument(const api::FieldSpec& s, const Arguments& a, api::ModelChoice& out);
void read_argument(const api::FieldSpec& s, const Arguments& a, api::DtypeChoice& out);
void read_argument(const api::FieldSpec& s, const Arguments& a, std::optional<api::Kernel>& out);
void read_argument(const api::FieldSpec& s, const Arguments& a, std::vector<api::FreeKey>& out);
void read_argument(const api::FieldSpec& s, const Arguments& a, api::SplitChoice& out);

// Whether the call gave the row's keyword (a machine row's: config or chip).
bool gives_keyword(const Arguments& a, const api::FieldSpec& s);

// The request a call's arguments spell; the library checks its values.
template <class Request>
Request request_from_arguments(const char* function, const py::args& args,
                               const py::kwargs& kwargs) {
  using Fields = api::RequestFields<Request>;
  const Arguments a =
      bind_arguments(function, std::begin(Fields::kSpecs), std::size(Fields::kSpecs), args, kwargs);
  Request r;
  Fields::each(r, [&](const api::FieldSpec& spec, auto& member) {
    if (*spec.python != '\0') read_argument(spec, a, member);
  });
  return r;
}

// For a function that binds its own arguments (advise's four,
// python_advise.cpp): the rows its keywords name read into `r`, the others
// left as they are.
template <class Request>
void read_given_arguments(const Arguments& a, Request& r) {
  api::RequestFields<Request>::each(r, [&](const api::FieldSpec& spec, auto& member) {
    if (*spec.python != '\0' && gives_keyword(a, spec)) read_argument(spec, a, member);
  });
}

// `function`: Python's name where it is not the command's (load_program).
template <class Request>
std::string request_doc(const std::string& summary, const std::string& lead = "",
                        const char* function = nullptr) {
  using Fields = api::RequestFields<Request>;
  return python_doc(function ? function : Fields::kName, summary, std::begin(Fields::kSpecs),
                    std::size(Fields::kSpecs), lead);
}

}  // namespace anesim::python
