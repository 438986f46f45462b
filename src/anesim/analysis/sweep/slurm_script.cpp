#include <anesim/analysis/sweep/slurm_script.h>

#include <sys/stat.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include <fmt/format.h>

#include <anesim/io/atomic_output.h>
#include <anesim/io/errors.h>
#include <anesim/io/text_functions.h>
#include <sim/ring/ring_variant.h>

namespace anesim {

namespace {

bool plain_word(const std::string& s) {
  return !s.empty() && s.find_first_not_of(
                           "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
                           "_./:=,+@-") == std::string::npos;
}

// One word for bash, quoted only when it needs to be.
std::string sh(const std::string& s) {
  if (plain_word(s)) {
    return s;
  }
  std::string out = "'";
  for (const char c : s) {
    out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  }
  return out + "'";
}

std::string sh_words(const std::vector<std::string>& words) {
  std::string out;
  for (const std::string& w : words) {
    out += " " + sh(w);
  }
  return out;
}

std::string absolute(const std::string& path) {
  return path.empty() ? path : std::filesystem::absolute(path).lexically_normal().string();
}

void make_directory(const std::string& dir) {
  if (mkdir(dir.c_str(), 0755) != 0 && errno != EEXIST) {
    throw OutputError(
        fmt::format("--slurm-script: cannot create {}: {}", dir, std::strerror(errno)));
  }
}

}  // namespace

std::vector<std::string> sweep_arguments(const SweepSpec& spec) {
  std::vector<std::string> a = {
      "sweep", fmt::format("--{}-range", axis_name(spec.axis)),
      fmt::format("{}:{}:{}", spec.values.front(), spec.values.back(), spec.step)};
  if (spec.axis == SweepAxis::kX) {
    std::string laps;
    for (uint32_t k : spec.laps) {
      laps += fmt::format("{}{}", laps.empty() ? "" : ",", k);
    }
    a.insert(a.end(), {"--laps", laps});
  }
  const bool fixed_size = spec.axis == SweepAxis::kCores || spec.axis == SweepAxis::kSplit;
  if (fixed_size && spec.cin == 0) {
    a.insert(a.end(), {"--lines", std::to_string(spec.lines)});
  }
  if (spec.cin != 0) {
    a.insert(a.end(), {"--cin", std::to_string(spec.cin)});
  }
  if (spec.cout != 0) {
    a.insert(a.end(), {"--cout", std::to_string(spec.cout)});
  }
  std::string variants;
  for (RingVariant v : spec.variants) {
    variants += fmt::format("{}{}", variants.empty() ? "" : ",", variant_name(v));
  }
  a.insert(a.end(), {"--cores", std::to_string(spec.cores), "--split", std::to_string(spec.split),
                     "--base-line", std::to_string(spec.base_line), "--variants", variants});
  if (!spec.config.empty()) {
    a.insert(a.end(), {"--config", absolute(spec.config)});
  }
  return a;
}

std::string slurm_directory(const std::string& path) {
  const std::string dir = absolute(path);
  if (!plain_word(dir)) {
    throw FieldError(
        "slurm_script",
        fmt::format("{}: '{}': #SBATCH lines cannot quote a path with spaces, quotes, % or "
                    "other special characters; choose a directory whose absolute path has none",
                    field_mark("slurm_script"), printable(dir, 80)));
  }
  return dir;
}

std::string write_slurm_scripts(const SlurmSweep& s) {
  const std::string dir = slurm_directory(s.dir);
  make_directory(dir);
  make_directory(dir + "/parts");
  make_directory(dir + "/logs");
  const std::string n = std::to_string(s.shards);
  const std::string cpus = std::to_string(s.spec.jobs);
  const std::string parts = sh(dir + "/parts") + "/part-*-of-" + n + ".csv";
  const std::string csv = s.outputs.csv.empty() ? dir + "/sweep.csv" : absolute(s.outputs.csv);
  std::string merge_options = " --csv " + sh(csv);
  if (!s.outputs.plot.empty()) merge_options += " --plot " + sh(absolute(s.outputs.plot));
  if (!s.outputs.plot_time.empty()) {
    merge_options += " --plot-time " + sh(absolute(s.outputs.plot_time));
  }
  if (s.outputs.fft) merge_options += " --fft";
  if (s.outputs.linear_detrend) merge_options += " --detrend linear";
  if (!s.outputs.plot_spectrum.empty()) {
    merge_options += " --plot-spectrum " + sh(absolute(s.outputs.plot_spectrum));
  }

  const std::string shard_script = fmt::format(
      "#!/bin/bash\n"
      "# anesim sweep on Slurm, written by `anesim sweep ... --slurm-script` (docs/slurm.md).\n"
      "# Array task I runs shard I/{n} of the sweep and writes parts/part-I-of-{n}.csv.\n"
      "# Rerun shard I alone: sbatch --array=I {dir}/shard.sbatch\n"
      "#SBATCH --job-name=anesim-shard\n"
      "#SBATCH --array=1-{n}\n"
      "#SBATCH --cpus-per-task={cpus}\n"
      "#SBATCH --output={dir}/logs/shard-%a.out\n"
      "set -euo pipefail\n"
      "i=${{SLURM_ARRAY_TASK_ID:?submit with sbatch (a job array)}}\n"
      "exec {bin}{args} --shard \"$i/{n}\" -j \"${{SLURM_CPUS_PER_TASK:-{cpus}}}\" \\\n"
      "  --csv {partdir}/part-\"$i\"-of-{n}.csv\n",
      fmt::arg("n", n), fmt::arg("dir", dir), fmt::arg("cpus", cpus), fmt::arg("bin", sh(s.anesim)),
      fmt::arg("args", sh_words(sweep_arguments(s.spec))), fmt::arg("partdir", sh(dir + "/parts")));
  const std::string merge_script = fmt::format(
      "#!/bin/bash\n"
      "# anesim sweep on Slurm: merges the {n} parts into the sweep's CSV (and plots);\n"
      "# submit.sh starts it after every shard succeeded (afterok).\n"
      "#SBATCH --job-name=anesim-merge\n"
      "#SBATCH --cpus-per-task=1\n"
      "#SBATCH --output={dir}/logs/merge.out\n"
      "set -euo pipefail\n"
      "exec {bin} merge {parts}{options}\n",
      fmt::arg("n", n), fmt::arg("dir", dir), fmt::arg("bin", sh(s.anesim)),
      fmt::arg("parts", parts), fmt::arg("options", merge_options));
  const std::string submit_script = fmt::format(
      "#!/bin/bash\n"
      "# Submits the sweep: a job array of {n} shards, then the merge, which runs only\n"
      "# when every shard succeeded (afterok). Arguments go to both sbatch calls,\n"
      "# e.g. ./submit.sh --partition=NAME --time=30\n"
      "set -euo pipefail\n"
      "dir={qdir}\n"
      "rm -f \"$dir\"/parts/part-*-of-{n}.csv\n"
      "array=$(sbatch --parsable \"$@\" \"$dir/shard.sbatch\")\n"
      "array=${{array%%;*}}\n"
      "merge=$(sbatch --parsable \"$@\" --dependency=afterok:\"$array\" \"$dir/merge.sbatch\")\n"
      "merge=${{merge%%;*}}\n"
      "echo \"anesim: submitted array job $array ({n} shards) and merge job $merge "
      "(afterok:$array)\"\n"
      "echo \"anesim: parts in $dir/parts, logs in $dir/logs, merged CSV\" {csv}\n",
      fmt::arg("n", n), fmt::arg("qdir", sh(dir)), fmt::arg("csv", sh(csv)));
  write_file_atomically(dir + "/shard.sbatch", shard_script);
  write_file_atomically(dir + "/merge.sbatch", merge_script);
  write_file_atomically(dir + "/submit.sh", submit_script);
  for (const char* name : {"/shard.sbatch", "/merge.sbatch", "/submit.sh"}) {
    chmod((dir + name).c_str(), 0755);
  }
  return fmt::format(
      "anesim sweep: wrote {dir}/shard.sbatch (array of {n} shards, {cpus} CPUs each), "
      "{dir}/merge.sbatch (afterok) and {dir}/submit.sh\n"
      "submit with: {dir}/submit.sh   (parts in {dir}/parts, logs in {dir}/logs, merged CSV "
      "{csv})\n",
      fmt::arg("dir", dir), fmt::arg("n", n), fmt::arg("cpus", cpus), fmt::arg("csv", csv));
}

}  // namespace anesim
