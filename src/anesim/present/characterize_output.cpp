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
  return {{"path", r.path}, {"points", r.points}, {"table", timing_table_json(r.table)}};
}

}  // namespace anesim::present
