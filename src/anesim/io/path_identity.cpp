#include <anesim/io/path_identity.h>

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <filesystem>

#include <optional>

#include <fmt/format.h>

#include <anesim/io/atomic_output.h>
#include <anesim/io/errors.h>
#include <anesim/io/output_kind.h>
#include <anesim/io/text_functions.h>

namespace anesim {

namespace {

std::atomic<bool> g_stdout_is_output{false};

// Where a path's bytes live: the file's (dev, ino) when it exists, else its
// directory's with its last name.
struct Identity {
  dev_t dev = 0;
  ino_t ino = 0;
  std::string name;  // "" for an existing file
  bool operator==(const Identity& o) const {
    return dev == o.dev && ino == o.ino && name == o.name;
  }
};

std::optional<Identity> identity_of(const std::string& path) {
  struct stat st {};
  if (stat(path.c_str(), &st) == 0) {
    return Identity{st.st_dev, st.st_ino, ""};
  }
  if (stat(parent_directory(path).c_str(), &st) != 0) {
    return std::nullopt;  // its own check reports the missing directory
  }
  const size_t slash = path.find_last_of('/');
  return Identity{st.st_dev, st.st_ino, slash == std::string::npos ? path : path.substr(slash + 1)};
}

[[noreturn]] void refuse_with(const NamedPath& out, const std::string& message) {
  // A request's field (field_mark) is spelled by each front end; an option as it is.
  const bool marked = !out.option.empty() && out.option[0] == FieldError::kFieldOpen;
  throw FieldError(marked ? out.option.substr(1, out.option.size() - 2) : out.option, message);
}

[[noreturn]] void refuse(const NamedPath& out, const NamedPath& other, const char* what) {
  // "the input --config 'a.yaml'", or a described input as it is: "the base
  // of --config 'b.yaml'", "a shard of --model 'i.json'".
  const bool described = other.option.rfind("the ", 0) == 0 || other.option.rfind("a ", 0) == 0;
  const bool input = std::string(what) == "the input";
  refuse_with(
      out,
      fmt::format("{} '{}' is the same file as {}{}{} '{}'{}; refusing to overwrite it", out.option,
                  printable(out.path), described ? "" : what, described ? "" : " ", other.option,
                  printable(other.path), input && described ? ", which anesim reads" : ""));
}

}  // namespace

void count_stdout_as_output() { g_stdout_is_output = true; }

void refuse_overlapping_paths(const std::vector<NamedPath>& inputs,
                              const std::vector<NamedPath>& outputs) {
  std::vector<std::pair<const NamedPath*, Identity>> seen_inputs, seen_outputs;
  for (const NamedPath& in : inputs) {
    if (!in.path.empty()) {
      // Only an existing input has bytes to lose (a preset name has none).
      if (const auto id = identity_of(in.path); id && id->name.empty()) {
        seen_inputs.emplace_back(&in, *id);
      }
    }
  }
  // Standard output redirected to a file is an output too: renaming
  // another output over that file would lose what anesim prints.
  const NamedPath stdout_name{"standard output", "(redirected)"};
  struct stat st {};
  if (g_stdout_is_output && fstat(1, &st) == 0 && S_ISREG(st.st_mode)) {
    seen_outputs.emplace_back(&stdout_name, Identity{st.st_dev, st.st_ino, ""});
  }
  for (const NamedPath& out : outputs) {
    // Refuses a directory, device, socket or link (exit 4); a stream is
    // written through and overwrites nothing.
    if (out.path.empty() || output_kind(out.path) == OutputKind::kWriteThrough) {
      continue;
    }
    const auto id = identity_of(out.path);
    if (!id) {
      continue;
    }
    for (const auto& [in, in_id] : seen_inputs) {
      if (in_id == *id) {
        refuse(out, *in, "the input");
      }
    }
    for (const auto& [other, other_id] : seen_outputs) {
      if (other_id == *id) {
        refuse(out, *other, "the output");
      }
    }
    seen_outputs.emplace_back(&out, *id);
  }
}

void refuse_outputs_inside(const NamedPath& folder, const std::vector<NamedPath>& outputs) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path root = fs::weakly_canonical(folder.path, ec);
  if (ec || root.empty()) return;
  for (const NamedPath& out : outputs) {
    if (out.path.empty() || output_kind(out.path) == OutputKind::kWriteThrough) continue;
    const fs::path p = fs::weakly_canonical(out.path, ec);
    if (ec) continue;
    const auto [end, at] = std::mismatch(root.begin(), root.end(), p.begin(), p.end());
    if (end == root.end() && at != p.end()) {
      refuse_with(
          out, fmt::format("{} '{}' is inside {} '{}', which anesim reads; refusing to "
                           "write there",
                           out.option, printable(out.path), folder.option, printable(folder.path)));
    }
  }
}

}  // namespace anesim
