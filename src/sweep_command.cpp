#include "src/sweep_command.h"

#include <algorithm>
#include <cstdio>
#include <map>

#include <fmt/format.h>

#include "sim/atomic_output.h"
#include "sim/prefetch_ring.h"
#include "sim/units.h"
#include "src/cli_options.h"
#include "src/config_loader.h"
#include "src/count_parser.h"
#include "src/exit_codes.h"
#include "src/gnuplot_plot.h"
#include "src/workload.h"

namespace anesim {

namespace {

std::vector<std::string> split_list(const std::string& s) {
  std::vector<std::string> out;
  size_t start = 0;
  while (true) {
    const size_t comma = s.find(',', start);
    out.push_back(s.substr(start, comma == std::string::npos ? comma : comma - start));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return out;
}

std::string axis_label(SweepAxis a) {
  switch (a) {
    case SweepAxis::kLines: return "lines per core";
    case SweepAxis::kX: return "x (lines from the lap boundary k*0x4000)";
    case SweepAxis::kCin: return "D (layer input channels)";
    case SweepAxis::kCout: return "N (layer output channels)";
    case SweepAxis::kCores: return "active cores";
    case SweepAxis::kSplit: return "tasks per core S";
  }
  return "";
}

std::string series_name(const SweepResult& r, const std::string& variant, uint32_t lap) {
  return r.spec.axis == SweepAxis::kX ? fmt::format("{} k={}", variant, lap) : variant;
}

std::string context_line(const SweepResult& r) {
  std::string s = fmt::format("{}, {} cores", r.config_name,
                              r.spec.cores == 0 ? r.ane_cores : r.spec.cores);
  if (r.spec.axis == SweepAxis::kCin) s += fmt::format(", N = {}", r.spec.cout);
  if (r.spec.axis == SweepAxis::kCout) s += fmt::format(", D = {}", r.spec.cin);
  if (r.spec.axis == SweepAxis::kCores || r.spec.axis == SweepAxis::kSplit) {
    s += r.spec.cin != 0 ? fmt::format(", D = {} N = {}", r.spec.cin, r.spec.cout)
                         : fmt::format(", {} lines per core", r.spec.lines);
  }
  if (r.spec.axis != SweepAxis::kSplit && r.spec.split != 1) {
    s += fmt::format(", split {}", r.spec.split);
  }
  return s;
}

// One datablock per series; returns the plot clauses.
std::string series_blocks(const SweepResult& r, bool time, std::string& blocks) {
  std::string plots;
  int index = 0;
  for (uint32_t lap : r.spec.laps) {
    for (const std::string& v : r.spec.variants) {
      blocks += fmt::format("$s{} << EOD\n", index);
      for (const SweepRow& row : r.rows) {
        if (row.lap == lap && row.variant == v) {
          blocks += fmt::format("{} {}\n", row.value, time ? row.result.time_us : row.ane_gbps);
        }
      }
      blocks += "EOD\n";
      plots += fmt::format("{}$s{} using 1:2 with linespoints pt {} ps 0.6 lw 1.5 {} title '{}'",
                           plots.empty() ? "" : ", ", index, 5 + index % 6,
                           v == "fix" ? "dt 2" : "dt 1", series_name(r, v, lap));
      ++index;
    }
  }
  return plots;
}

}  // namespace

const char* axis_name(SweepAxis a) {
  switch (a) {
    case SweepAxis::kLines: return "lines";
    case SweepAxis::kX: return "x";
    case SweepAxis::kCin: return "cin";
    case SweepAxis::kCout: return "cout";
    case SweepAxis::kCores: return "cores";
    case SweepAxis::kSplit: return "split";
  }
  return "";
}

std::vector<int64_t> parse_range(const std::string& text, const std::string& option,
                                 bool allow_negative, int64_t* step) {
  const std::vector<std::string> parts = [&] {
    std::vector<std::string> p;
    size_t start = 0;
    while (true) {
      const size_t c = text.find(':', start);
      p.push_back(text.substr(start, c == std::string::npos ? c : c - start));
      if (c == std::string::npos) break;
      start = c + 1;
    }
    return p;
  }();
  if (parts.size() < 2 || parts.size() > 3) {
    throw UsageError(
        fmt::format("{}: '{}' is not a range (expected FIRST:LAST or FIRST:LAST:STEP)", option,
                    text));
  }
  auto value = [&](const std::string& s, bool is_step) -> int64_t {
    const bool neg = !s.empty() && s[0] == '-';
    if (neg && (!allow_negative || is_step)) {
      throw UsageError(fmt::format("{}: '{}' in '{}' may not be negative", option, s, text));
    }
    const uint64_t mag = parse_count(neg ? s.substr(1) : s, option, is_step ? 1 : 0,
                                     uint64_t{UINT32_MAX});
    return neg ? -static_cast<int64_t>(mag) : static_cast<int64_t>(mag);
  };
  const int64_t first = value(parts[0], false);
  const int64_t last = value(parts[1], false);
  const int64_t st = parts.size() == 3 ? value(parts[2], true) : 1;
  if (last < first) {
    throw UsageError(fmt::format("{}: '{}' ends before it starts", option, text));
  }
  if ((last - first) / st + 1 > 100000) {
    throw UsageError(fmt::format("{}: '{}' has more than 100000 points", option, text));
  }
  std::vector<int64_t> v;
  for (int64_t x = first; x <= last; x += st) v.push_back(x);
  if (step != nullptr) *step = st;
  return v;
}

SweepResult run_sweep(const SweepSpec& spec, const std::string& progress_label) {
  const ModelConfig cfg = load_config_or_builtin(spec.config);
  SweepResult result;
  result.spec = spec;
  result.ane_cores = cfg.ane.cores;
  result.config_name = cfg.source;
  const uint32_t cores = spec.cores == 0 ? cfg.ane.cores : spec.cores;
  if (cores > cfg.ane.cores) {
    throw UsageError(fmt::format("--cores: {} is more than the {} cores of {}", cores,
                                 cfg.ane.cores, cfg.source));
  }
  std::vector<SimPoint> points;
  for (uint32_t lap : spec.laps) {
    for (int64_t value : spec.values) {
      SweepRow row;
      row.value = value;
      row.lap = lap;
      SimPoint p;
      p.cores = cores;
      p.split = spec.split;
      p.base_line = spec.base_line;
      uint64_t lines = spec.lines;
      switch (spec.axis) {
        case SweepAxis::kLines:
          lines = static_cast<uint64_t>(value);
          break;
        case SweepAxis::kX: {
          const int64_t l = int64_t{lap} * kRingLines + value;
          if (l < 1 || l > int64_t{UINT32_MAX}) {
            throw UsageError(fmt::format("--x-range: k = {}, x = {} gives {} lines per core", lap,
                                         value, l));
          }
          lines = static_cast<uint64_t>(l);
          break;
        }
        case SweepAxis::kCin:
          row.cin = static_cast<uint64_t>(value);
          row.cout = spec.cout;
          lines = lines_for_shape(row.cin, row.cout);
          break;
        case SweepAxis::kCout:
          row.cin = spec.cin;
          row.cout = static_cast<uint64_t>(value);
          lines = lines_for_shape(row.cin, row.cout);
          break;
        case SweepAxis::kCores:
          if (value < 1 || value > int64_t{cfg.ane.cores}) {
            throw UsageError(fmt::format("--cores-range: {} cores (the config has {})", value,
                                         cfg.ane.cores));
          }
          p.cores = static_cast<uint32_t>(value);
          row.cin = spec.cin;
          row.cout = spec.cout;
          break;
        case SweepAxis::kSplit:
          p.split = static_cast<uint32_t>(value);
          row.cin = spec.cin;
          row.cout = spec.cout;
          break;
      }
      if (lines < 1 || lines > UINT32_MAX) {
        throw UsageError(fmt::format("--{}-range: {} gives {} lines per core (1 .. 2^32-1)",
                                     axis_name(spec.axis), value, lines));
      }
      p.lines_per_core = static_cast<uint32_t>(lines);
      if (p.split < 1 || p.split > p.lines_per_core) {
        throw UsageError(fmt::format("split {} is not within 1 .. {} lines per core", p.split,
                                     p.lines_per_core));
      }
      for (const std::string& v : spec.variants) {
        p.variant = v;
        row.variant = v;
        row.point = p;
        result.rows.push_back(row);
        points.push_back(p);
      }
    }
  }
  const std::vector<SimPointResult> sims =
      simulate_points(points, spec.config, spec.jobs, progress_label);
  for (size_t i = 0; i < sims.size(); ++i) {
    SweepRow& row = result.rows[i];
    if (!sims[i].ok) {
      throw std::runtime_error(fmt::format("sweep point {} = {} (variant {}, {} lines per core): "
                                           "simulation failed: {}",
                                           axis_name(spec.axis), row.value, row.variant,
                                           row.point.lines_per_core, sims[i].error));
    }
    row.result = sims[i];
    row.ane_gbps = static_cast<double>(cfg.ane.cores) * row.point.lines_per_core * kLineBytes /
                   (row.result.time_us * 1e3);
  }
  return result;
}

std::string sweep_csv(const SweepResult& r) {
  std::string out =
      "axis,value,variant,k,x,cin,cout,lines_per_core,cores,split,base_line,time_us,gbps,"
      "ane_gbps,lines_prefetched,lines_demand,notch\n";
  for (const SweepRow& row : r.rows) {
    const SimPointResult& s = row.result;
    out += fmt::format("{},{},{},{},{},{},{},{},{},{},{},{:.4f},{:.4f},{:.4f},{},{},{}\n",
                       axis_name(r.spec.axis), row.value, row.variant, s.k, s.x, row.cin, row.cout,
                       row.point.lines_per_core, row.point.cores, row.point.split,
                       row.point.base_line, s.time_us, s.gbps, row.ane_gbps, s.lines_prefetched,
                       s.lines_demand, s.notch ? 1 : 0);
  }
  return out;
}

std::string sweep_text(const SweepResult& r) {
  std::string out = fmt::format("anesim sweep: {} over {} values, {} ({} points)\n",
                                axis_name(r.spec.axis), r.spec.values.size(), context_line(r),
                                r.rows.size());
  out += fmt::format("ane_gbps = {} cores x lines per core x 64 B / simulated time\n",
                     r.ane_cores);
  out += fmt::format("  {:>8} {:>3}", axis_name(r.spec.axis), "k");
  for (const std::string& v : r.spec.variants) {
    out += fmt::format(" {:>12} {:>12}", v + " us", v + " GB/s");
  }
  out += "\n";
  const size_t nv = r.spec.variants.size();
  for (size_t i = 0; i + nv <= r.rows.size(); i += nv) {
    out += fmt::format("  {:>8} {:>3}", r.rows[i].value, r.rows[i].result.k);
    for (size_t j = 0; j < nv; ++j) {
      out += fmt::format(" {:>12.2f} {:>12.2f}", r.rows[i + j].result.time_us,
                         r.rows[i + j].ane_gbps);
    }
    out += "\n";
  }
  return out;
}

std::string sweep_plot_throughput(const SweepResult& r) {
  std::string blocks;
  const std::string plots = series_blocks(r, false, blocks);
  return blocks + fmt::format(
                      "set title 'anesim sweep: throughput vs {} ({})'\nset xlabel '{}'\n"
                      "set ylabel 'throughput (GB/s, {} cores x per-core bytes / time)'\n"
                      "set grid\nset key outside right\nset yrange [0:*]\nplot {}\n",
                      axis_name(r.spec.axis), context_line(r), axis_label(r.spec.axis),
                      r.ane_cores, plots);
}

std::string sweep_plot_time(const SweepResult& r) {
  std::string blocks;
  const std::string plots = series_blocks(r, true, blocks);
  return blocks + fmt::format(
                      "set title 'anesim sweep: time vs {} ({})'\nset xlabel '{}'\n"
                      "set ylabel 'simulated time (us)'\nset grid\nset key outside right\n"
                      "set yrange [0:*]\nplot {}\n",
                      axis_name(r.spec.axis), context_line(r), axis_label(r.spec.axis), plots);
}

std::vector<SweepSpectrum> sweep_spectra(const SweepResult& r, bool linear_detrend) {
  std::vector<SweepSpectrum> out;
  for (uint32_t lap : r.spec.laps) {
    for (const std::string& v : r.spec.variants) {
      std::vector<double> values;
      for (const SweepRow& row : r.rows) {
        if (row.lap == lap && row.variant == v) values.push_back(row.ane_gbps);
      }
      SweepSpectrum s;
      s.variant = v;
      s.lap = lap;
      s.spectrum = dominant_period(values, static_cast<double>(r.spec.step), linear_detrend);
      out.push_back(s);
    }
  }
  return out;
}

std::string spectra_text(const SweepResult& r, const std::vector<SweepSpectrum>& spectra) {
  std::string out;
  for (const SweepSpectrum& s : spectra) {
    const Spectrum& sp = s.spectrum;
    const size_t n = r.spec.values.size();
    if (sp.dominant_bin == 0) {
      out += fmt::format("FFT {}: too few samples ({}) or a flat signal\n",
                         series_name(r, s.variant, s.lap), n);
      continue;
    }
    // The second-strongest bin, to show how dominant the peak is.
    double second = 0;
    for (size_t i = 0; i < sp.magnitude.size(); ++i) {
      if (i + 1 != sp.dominant_bin) second = std::max(second, sp.magnitude[i]);
    }
    out += fmt::format(
        "FFT {}: {} samples of throughput vs {} every {}: dominant period {:.1f} "
        "(bin {}, neighbours {:.1f} and {:.1f}; peak {:.1f}x the next strongest bin)\n",
        series_name(r, s.variant, s.lap), n, axis_name(r.spec.axis), r.spec.step,
        sp.dominant_period, sp.dominant_bin,
        sp.dominant_bin + 1 <= n / 2 ? n * double(r.spec.step) / (sp.dominant_bin + 1) : 0.0,
        sp.dominant_bin > 1 ? n * double(r.spec.step) / (sp.dominant_bin - 1) : 0.0,
        second > 0 ? sp.dominant_magnitude / second : 0.0);
  }
  return out;
}

std::string spectrum_plot(const SweepResult& r, const std::vector<SweepSpectrum>& spectra) {
  std::string blocks, plots;
  for (size_t i = 0; i < spectra.size(); ++i) {
    blocks += fmt::format("$f{} << EOD\n", i);
    const Spectrum& sp = spectra[i].spectrum;
    for (size_t b = 0; b < sp.period.size(); ++b) {
      blocks += fmt::format("{} {}\n", sp.period[b], sp.magnitude[b]);
    }
    blocks += "EOD\n";
    plots += fmt::format("{}$f{} using 1:2 with impulses lw 2 title '{}'", plots.empty() ? "" : ", ",
                         i, series_name(r, spectra[i].variant, spectra[i].lap));
  }
  return blocks + fmt::format(
                      "set title 'Spectrum of throughput vs {} ({})'\nset xlabel 'period ({} units)'\n"
                      "set ylabel '|FFT| (GB/s, mean removed)'\nset logscale x 2\nset grid\n"
                      "set key outside right\nplot {}\n",
                      axis_name(r.spec.axis), context_line(r), axis_name(r.spec.axis), plots);
}

CLI::App* add_sweep_command(CLI::App& app, SweepOptions& opt) {
  CLI::App* cmd = app.add_subcommand(
      "sweep", "sweep one workload parameter, ring variants side by side (CSV, plots, FFT)");
  auto* lr = cmd->add_option("--lines-range", opt.lines_range, "sweep lines per core: FIRST:LAST:STEP");
  auto* xr = cmd->add_option("--x-range", opt.x_range,
                             "sweep the offset x from k*0x4000 (with --laps): e.g. -512:512:16");
  auto* dr = cmd->add_option("--cin-range", opt.cin_range, "sweep D at fixed N (--cout)");
  auto* nr = cmd->add_option("--cout-range", opt.cout_range, "sweep N at fixed D (--cin)");
  auto* cr = cmd->add_option("--cores-range", opt.cores_range,
                             "sweep active cores (size from --lines or --cin/--cout)");
  auto* sr = cmd->add_option("--split-range", opt.split_range,
                             "sweep tasks per core S (size from --lines or --cin/--cout)");
  const std::vector<CLI::Option*> ranges = {lr, xr, dr, nr, cr, sr};
  for (CLI::Option* a : ranges) {
    for (CLI::Option* b : ranges) {
      if (a != b) a->excludes(b);
    }
  }
  cmd->add_option("--laps", opt.laps, "laps k for --x-range, comma separated (default 1)");
  cmd->add_option("--lines", opt.lines, "fixed lines per core (for --cores-range/--split-range)");
  cmd->add_option("--cin", opt.cin, "fixed D (for --cout-range, or a shape)");
  cmd->add_option("--cout", opt.cout, "fixed N (for --cin-range, or a shape)");
  cmd->add_option("--cores", opt.cores, "active cores (default: the config's ane.cores)");
  cmd->add_option("--split", opt.split, "tasks per core (default 1)");
  cmd->add_option("--base-line", opt.base_line, "line address of core 0's slice (default 0)");
  cmd->add_option("--variants", opt.variants, "ring variants, comma separated (default bug,fix)");
  add_config_option(*cmd, opt.config);
  cmd->add_option("--csv", opt.csv, "write every point as CSV")->check(file_name_check());
  cmd->add_option("--plot", opt.plot, "plot throughput vs the swept value (.png or .svg)")->check(file_name_check());
  cmd->add_option("--plot-time", opt.plot_time, "plot simulated time vs the swept value")->check(file_name_check());
  cmd->add_flag("--fft", opt.fft,
                "FFT of throughput vs the swept value: print the dominant period");
  cmd->add_option("--detrend", opt.detrend,
                  "before the FFT remove the mean (default) or a least-squares line (linear)");
  cmd->add_option("--plot-spectrum", opt.plot_spectrum, "plot the FFT magnitude (with --fft)")->check(file_name_check());
  cmd->add_option("-j,--jobs", opt.jobs, "simulations run in parallel (default 2)");
  return cmd;
}

int sweep_command(const SweepOptions& opt) {
  SweepSpec spec;
  spec.jobs = static_cast<unsigned>(parse_count(opt.jobs, "--jobs", 1, 256));
  spec.config = opt.config;
  if (!opt.config.empty()) load_config_file(opt.config);
  spec.variants.clear();
  for (const std::string& v : split_list(opt.variants)) {
    if (!parse_variant(v)) {
      throw UsageError(fmt::format("--variants: '{}' is not a variant (expected one of: {})", v,
                                   variant_choices()));
    }
    spec.variants.push_back(v);
  }
  if (!opt.cores.empty()) spec.cores = static_cast<uint32_t>(parse_count(opt.cores, "--cores", 1, 16));
  spec.split = static_cast<uint32_t>(parse_count(opt.split, "--split", 1, UINT32_MAX));
  spec.base_line = static_cast<uint32_t>(parse_count(opt.base_line, "--base-line", 0, UINT32_MAX));
  if (!opt.cin.empty()) spec.cin = parse_count(opt.cin, "--cin", 1, UINT32_MAX);
  if (!opt.cout.empty()) spec.cout = parse_count(opt.cout, "--cout", 1, UINT32_MAX);
  if (!opt.lines.empty()) {
    spec.lines = static_cast<uint32_t>(parse_count(opt.lines, "--lines", 1, UINT32_MAX));
  }
  auto fixed_size = [&](const char* option) {
    if (!opt.lines.empty() && (!opt.cin.empty() || !opt.cout.empty())) {
      throw UsageError(fmt::format("{}: give --lines or --cin with --cout, not both", option));
    }
    if (opt.lines.empty()) {
      if (opt.cin.empty() || opt.cout.empty()) {
        throw UsageError(fmt::format("{}: needs a size: --lines L, or --cin D with --cout N",
                                     option));
      }
      const uint64_t l = lines_for_shape(spec.cin, spec.cout);
      if (l == 0) throw UsageError("--cin x --cout exceeds 2^32-1 lines per core");
      spec.lines = static_cast<uint32_t>(l);
    }
  };
  if (!opt.lines_range.empty()) {
    spec.axis = SweepAxis::kLines;
    spec.values = parse_range(opt.lines_range, "--lines-range", false, &spec.step);
  } else if (!opt.x_range.empty()) {
    spec.axis = SweepAxis::kX;
    spec.values = parse_range(opt.x_range, "--x-range", true, &spec.step);
    spec.laps.clear();
    for (const std::string& k : split_list(opt.laps)) {
      spec.laps.push_back(static_cast<uint32_t>(parse_count(k, "--laps", 0, 0x3ffff)));
    }
  } else if (!opt.cin_range.empty()) {
    if (opt.cout.empty()) throw UsageError("--cin-range: needs --cout N");
    spec.axis = SweepAxis::kCin;
    spec.values = parse_range(opt.cin_range, "--cin-range", false, &spec.step);
  } else if (!opt.cout_range.empty()) {
    if (opt.cin.empty()) throw UsageError("--cout-range: needs --cin D");
    spec.axis = SweepAxis::kCout;
    spec.values = parse_range(opt.cout_range, "--cout-range", false, &spec.step);
  } else if (!opt.cores_range.empty()) {
    spec.axis = SweepAxis::kCores;
    spec.values = parse_range(opt.cores_range, "--cores-range", false, &spec.step);
    fixed_size("--cores-range");
  } else if (!opt.split_range.empty()) {
    spec.axis = SweepAxis::kSplit;
    spec.values = parse_range(opt.split_range, "--split-range", false, &spec.step);
    fixed_size("--split-range");
  } else {
    throw UsageError(
        "nothing to sweep: give one of --lines-range, --x-range, --cin-range, --cout-range, "
        "--cores-range, --split-range");
  }
  if (opt.laps != "1" && spec.axis != SweepAxis::kX) {
    throw UsageError("--laps: only with --x-range");
  }
  if (opt.detrend != "mean" && opt.detrend != "linear") {
    throw UsageError(fmt::format("--detrend: '{}' is not mean or linear", opt.detrend));
  }
  if (!opt.plot_spectrum.empty() && !opt.fft) {
    throw UsageError("--plot-spectrum: needs --fft");
  }
  for (const std::string* p : {&opt.plot, &opt.plot_time, &opt.plot_spectrum}) {
    if (!p->empty() && !plot_extension_ok(*p)) {
      throw UsageError(fmt::format("plot '{}': must end in .png or .svg", *p));
    }
  }
  for (const std::string* p : {&opt.csv, &opt.plot, &opt.plot_time, &opt.plot_spectrum}) {
    if (!p->empty()) check_writable_directory(*p);
  }

  const SweepResult r = run_sweep(spec, "sweep");
  std::string text = sweep_text(r);
  std::vector<SweepSpectrum> spectra;
  if (opt.fft) {
    spectra = sweep_spectra(r, opt.detrend == "linear");
    text += spectra_text(r, spectra);
  }
  std::fputs(text.c_str(), stdout);
  std::fflush(stdout);
  if (!opt.csv.empty()) write_file_atomically(opt.csv, sweep_csv(r));
  if (!opt.plot.empty()) render_plot(opt.plot, sweep_plot_throughput(r));
  if (!opt.plot_time.empty()) render_plot(opt.plot_time, sweep_plot_time(r));
  if (!opt.plot_spectrum.empty()) render_plot(opt.plot_spectrum, spectrum_plot(r, spectra));
  return kExitOk;
}

}  // namespace anesim
