// Renders a plot with gnuplot into a .png or .svg, atomically (the file
// appears whole or not at all).
#pragma once

#include <string>

namespace anesim {

class OutputSet;

// True for a path ending in .png or .svg.
bool plot_extension_ok(const std::string& path);
// `body` is gnuplot script text after the terminal and output lines (data
// as inline datablocks). Throws OutputError naming `path` on failure.
void render_plot(const std::string& path, const std::string& body);
// The same, staged in `outputs` to be published with the command's other
// outputs (src/anesim/io/output_set.h).
void render_plot(OutputSet& outputs, const std::string& path, const std::string& body);

}  // namespace anesim
