#include <anesim/present/characterize_output.h>

#include <fmt/format.h>

#include <anesim/analysis/tables/timing_table.h>
#include <anesim/io/atomic_output.h>

namespace anesim::present {

void write_timing_table(const api::CharacterizeResult& r) {
  write_file_atomically(r.path, timing_table_json(r.table).dump(1) + "\n");
}

std::string characterize_note(const api::CharacterizeResult& r, double seconds) {
  return fmt::format("characterize: {} points of {} in {:.1f} s -> {}\n", r.points,
                     r.table.description, seconds, r.path);
}

Json characterize_json(const api::CharacterizeResult& r) {
  Json j;
  // Each key as characterize_json_keys.def declares it, in its order.
#define ANESIM_RESULT_KEY(key, type, when, value, ...) \
  if (when) j[#key] = value;
#include <anesim/present/characterize_json_keys.def>
#undef ANESIM_RESULT_KEY
  return j;
}

}  // namespace anesim::present
