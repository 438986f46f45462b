#include <anesim/io/gnuplot_plot.h>

#include <cstdio>
#include <fstream>
#include <iterator>

#include <fmt/format.h>

#include <anesim/io/atomic_output.h>
#include <anesim/io/child_processes.h>
#include <anesim/io/errors.h>
#include <anesim/io/output_set.h>
#include <anesim/io/text_functions.h>

namespace anesim {

namespace {

std::string quoted_text(const std::string& s) {
  std::string out = "'";
  for (char c : s) {
    out += c == '\'' ? std::string("''") : std::string(1, c);
  }
  return out + "'";
}

}  // namespace

bool plot_extension_ok(const std::string& path) {
  return ends_with(path, ".png") || ends_with(path, ".svg");
}

namespace {

// gnuplot exits 0 when it cannot write its output (a full disk): a plot
// counts as written only when it ends as its format ends.
bool plot_complete(const std::string& file, bool png) {
  std::ifstream in(file, std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  static const std::string kPngEnd("\0\0\0\0IEND\xae\x42\x60\x82", 12);
  if (png) {
    return bytes.size() > kPngEnd.size() && ends_with(bytes, kPngEnd);
  }
  return bytes.find("</svg>") != std::string::npos;
}

}  // namespace

void render_plot(const std::string& path, const std::string& body) {
  OutputSet one;
  render_plot(one, path, body);
  one.commit();
}

void render_plot(OutputSet& outputs, const std::string& path, const std::string& body) {
  if (!plot_extension_ok(path)) {
    throw OutputError(fmt::format("{}: a plot must end in .png or .svg", path));
  }
  check_writable_directory(path);
  const std::string gnuplot = find_on_path("gnuplot");
  if (gnuplot.empty()) {
    throw OutputError(fmt::format("{}: gnuplot not found on PATH (install gnuplot-nox)", path));
  }
  const std::string tmp = temporary_path_for(path);
  const std::string script_path = temporary_path_for(path, ".gp");
  const bool png = ends_with(path, ".png");
  const std::string terminal =
      png ? "pngcairo size 960,600 noenhanced font 'sans,10'"
          : "svg size 960,600 noenhanced font 'sans,11' background rgb 'white'";
  {
    std::ofstream s(script_path);
    s << "set terminal " << terminal << "\nset output " << quoted_text(tmp) << "\n"
      << body << "\nunset output\n";
    if (!s) {
      discard_temporary(script_path);
      discard_temporary(tmp);
      throw OutputError(fmt::format("{}: cannot write the gnuplot script", path));
    }
  }
  const auto r = run_children({{gnuplot, script_path}}, 1, {});
  // Renaming a file onto itself succeeds and unregisters it from the
  // signal cleanup; then it goes.
  commit_temporary(script_path, script_path);
  std::remove(script_path.c_str());
  if (r[0].exit_code != 0 || !plot_complete(tmp, png)) {
    discard_temporary(tmp);
    const std::string why = printable(r[0].err);
    throw OutputError(fmt::format("{}: gnuplot failed: {}", printable(path),
                                  !why.empty() ? why
                                  : r[0].exit_code != 0
                                      ? fmt::format("it exited with status {}", r[0].exit_code)
                                      : "the plot it wrote is incomplete (is the disk full?)"));
  }
  outputs.adopt(tmp, path);
}

}  // namespace anesim
