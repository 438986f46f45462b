#include <anesim/present/decode_output.h>

#include <anesim/io/atomic_output.h>
#include <anesim/io/gnuplot_plot.h>

namespace anesim::present {

void write_decode_files(const DecodeResult& r, const api::DecodeRequest& request) {
  if (!request.csv.empty()) {
    write_file_atomically(request.csv, decode_csv(r));
  }
  if (!request.timeline.empty()) {
    render_plot(request.timeline, decode_timeline_script(r));
  }
}

}  // namespace anesim::present
