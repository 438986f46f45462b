#include <anesim/analysis/sweep/sweep.h>

#include <stdexcept>

#include <fmt/format.h>

#include <anesim/analysis/batch/batch_runner.h>
#include <anesim/io/errors.h>
#include <sim/core/workload.h>
#include <sim/ring/geometry.h>
#include <sim/ring/ring_variant.h>

namespace anesim {

const char* axis_name(SweepAxis a) {
  switch (a) {
    case SweepAxis::kLines:
      return "lines";
    case SweepAxis::kX:
      return "x";
    case SweepAxis::kCin:
      return "cin";
    case SweepAxis::kCout:
      return "cout";
    case SweepAxis::kCores:
      return "cores";
    case SweepAxis::kSplit:
      return "split";
  }
  return "";
}

std::string axis_label(SweepAxis a) {
  switch (a) {
    case SweepAxis::kLines:
      return "lines per core";
    case SweepAxis::kX:
      return "x (lines from the lap boundary k*0x4000)";
    case SweepAxis::kCin:
      return "D (layer input channels)";
    case SweepAxis::kCout:
      return "N (layer output channels)";
    case SweepAxis::kCores:
      return "active cores";
    case SweepAxis::kSplit:
      return "tasks per core S";
  }
  return "";
}

std::string sweep_series_name(const SweepResult& r, RingVariant variant, uint32_t lap) {
  return r.spec.axis == SweepAxis::kX ? fmt::format("{} k={}", variant_name(variant), lap)
                                      : std::string(variant_name(variant));
}

std::string sweep_context(const SweepResult& r) {
  std::string s =
      fmt::format("{}, {} cores", r.config_name, r.spec.cores == 0 ? r.ane_cores : r.spec.cores);
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

std::vector<int64_t> evenly_spaced(int64_t first, int64_t last, int64_t step) {
  std::vector<int64_t> v;
  for (int64_t x = first; x <= last; x += step) {
    v.push_back(x);
  }
  return v;
}

std::vector<const SweepRow*> sweep_series(const SweepResult& r, RingVariant variant, uint32_t lap) {
  std::vector<const SweepRow*> out;
  for (const SweepRow& row : r.rows) {
    if (row.variant == variant && row.lap == lap) {
      out.push_back(&row);
    }
  }
  return out;
}

std::vector<SweepRow> sweep_rows(const SweepSpec& spec, uint32_t ane_cores) {
  std::vector<SweepRow> rows;
  const uint32_t cores = spec.cores == 0 ? ane_cores : spec.cores;
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
            throw FieldError("x_range", fmt::format("{}: k = {}, x = {} gives {} lines per core",
                                                    field_mark("x_range"), lap, value, l));
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
          if (value < 1 || value > int64_t{ane_cores}) {
            throw FieldError("cores_range",
                             fmt::format("{}: {} cores (the config has {})",
                                         field_mark("cores_range"), value, ane_cores));
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
        const std::string range = std::string(axis_name(spec.axis)) + "_range";
        throw FieldError(range, fmt::format("{}: {} gives {} lines per core (1 .. 2^32-1)",
                                            field_mark(range), value, lines));
      }
      p.lines_per_core = static_cast<uint32_t>(lines);
      if (p.split < 1 || p.split > p.lines_per_core) {
        const char* split = spec.axis == SweepAxis::kSplit ? "split_range" : "split";
        throw FieldError(split, fmt::format("{}: split {} is not within 1 .. {} lines per core",
                                            field_mark(split), p.split, p.lines_per_core));
      }
      for (RingVariant v : spec.variants) {
        p.variant = v;
        row.variant = v;
        row.point = p;
        rows.push_back(row);
      }
    }
  }
  return rows;
}

double ane_gbps(uint32_t ane_cores, const SweepRow& row) {
  return static_cast<double>(ane_cores) * row.point.lines_per_core * kLineBytes /
         (row.result.time_us * 1e3);
}

SweepResult run_sweep(const SweepSpec& spec, const MachineConfig& cfg,
                      const std::string& progress_label, const Shard& shard) {
  SweepResult result;
  result.spec = spec;
  result.ane_cores = cfg.ane.cores;
  result.config_name = cfg.source;
  result.shard = shard;
  const uint32_t cores = spec.cores == 0 ? cfg.ane.cores : spec.cores;
  if (cores > cfg.ane.cores) {
    throw FieldError("cores", fmt::format("{}: {} is more than the {} cores of {}",
                                          field_mark("cores"), cores, cfg.ane.cores, cfg.source));
  }
  std::vector<SweepRow> all = sweep_rows(spec, cfg.ane.cores);
  result.total_points = all.size();
  result.points = shard_points(all.size(), shard);
  std::vector<SimPoint> points;
  for (size_t i : result.points) {
    result.rows.push_back(all[i]);
    points.push_back(all[i].point);
  }
  const std::vector<SimPointResult> sims =
      simulate_points(points, cfg, spec.config, spec.jobs, progress_label);
  for (size_t i = 0; i < sims.size(); ++i) {
    SweepRow& row = result.rows[i];
    if (!sims[i].ok) {
      throw std::runtime_error(
          fmt::format("sweep point {} = {} (variant {}, {} lines per core): "
                      "simulation failed: {}",
                      axis_name(spec.axis), row.value, variant_name(row.variant),
                      row.point.lines_per_core, sims[i].error));
    }
    row.result = sims[i];
    row.ane_gbps = ane_gbps(cfg.ane.cores, row);
  }
  return result;
}

}  // namespace anesim
