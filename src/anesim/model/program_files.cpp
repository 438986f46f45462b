#include <anesim/model/program_files.h>

#include <sys/stat.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <optional>

#include <fmt/format.h>

#include <anesim/io/errors.h>
#include <anesim/io/text_file.h>
#include <anesim/io/text_functions.h>

namespace anesim {

namespace fs = std::filesystem;

bool is_directory(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

bool is_regular_file(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

std::string without_trailing_slash(std::string path) {
  while (path.size() > 1 && path.back() == '/') path.pop_back();
  return path;
}

namespace {

[[noreturn]] void refuse_package(const std::string& path) {
  throw ModelFileError(
      fmt::format("{}: a .mlpackage holds its program as a protobuf message (Data/com.apple.CoreML/"
                  "model.mlmodel), which anesim does not read; compile it to a .mlmodelc folder "
                  "(xcrun coremlcompiler compile PACKAGE OUTDIR, or coremltools' "
                  "ct.utils.compile_model(...)) and give that folder",
                  printable_whole(path)));
}

// A program's place among numbered ones: the N of "NNofMM" (ANEMLL's
// chunk_01of04), else the last run of digits in the name, so that digits of
// a model's own name (llama-3.1-8b_...) do not count; nullopt for none.
std::optional<uint64_t> number_in(const std::string& name) {
  const auto digit = [&](size_t i) {
    return std::isdigit(static_cast<unsigned char>(name[i])) != 0;
  };
  std::optional<std::pair<size_t, size_t>> last, of;  // [begin, end) of a run of digits
  for (size_t i = 0; i < name.size();) {
    if (!digit(i)) {
      ++i;
      continue;
    }
    size_t end = i;
    while (end < name.size() && digit(end)) ++end;
    last = std::make_pair(i, end);
    if (!of && name.compare(end, 2, "of") == 0 && end + 2 < name.size() && digit(end + 2)) {
      of = last;
    }
    i = end;
  }
  const std::optional<std::pair<size_t, size_t>> run = of ? of : last;
  if (!run || run->second - run->first > 18) return std::nullopt;
  uint64_t n = 0;
  for (size_t i = run->first; i < run->second; ++i)
    n = n * 10 + static_cast<uint64_t>(name[i] - '0');
  return n;
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// The programs of a deployment folder, in run order.
std::vector<std::string> deployment_programs(const std::string& folder) {
  const std::string manifest = (fs::path(folder) / kProgramManifestName).string();
  std::vector<std::string> out;
  if (is_regular_file(manifest)) {
    std::string why;
    const std::optional<std::string> text = read_regular_file(manifest, 1 << 20, "manifest", why);
    if (!text) throw ModelFileError(fmt::format("{}: {}", printable_whole(manifest), why));
    uint32_t line_no = 0;
    size_t start = 0;
    while (start <= text->size()) {
      size_t end = text->find('\n', start);
      if (end == std::string::npos) end = text->size();
      std::string line = text->substr(start, end - start);
      ++line_no;
      start = end + 1;
      if (const size_t hash = line.find('#'); hash != std::string::npos) line.erase(hash);
      while (!line.empty() && std::isspace(static_cast<unsigned char>(line.back())))
        line.pop_back();
      size_t lead = 0;
      while (lead < line.size() && std::isspace(static_cast<unsigned char>(line[lead]))) ++lead;
      line.erase(0, lead);
      if (line.empty()) {
        if (end == text->size()) break;
        continue;
      }
      if (line[0] == '/' || line.find("..") != std::string::npos) {
        throw ModelFileError(fmt::format("{}:{}: program: '{}' must be a name inside the folder",
                                         printable_whole(manifest), line_no, printable(line, 80)));
      }
      const std::string p = (fs::path(folder) / line).string();
      if (!is_directory(p) && !is_regular_file(p)) {
        throw ModelFileError(fmt::format("{}:{}: program: '{}' is not there",
                                         printable_whole(manifest), line_no, printable(line, 80)));
      }
      out.push_back(p);
      if (end == text->size()) break;
    }
    if (out.empty()) {
      throw ModelFileError(fmt::format("{}: names no program", printable_whole(manifest)));
    }
    return out;
  }
  struct Entry {
    std::string path, name;
    std::optional<uint64_t> number;
  };
  std::vector<Entry> entries;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(folder, ec)) {
    const std::string name = e.path().filename().string();
    if (ends_with(name, ".mlpackage")) continue;  // the sources of compiled programs beside them
    if (ends_with(name, ".mlmodelc") && is_regular_file((e.path() / "model.mil").string())) {
      entries.push_back(Entry{e.path().string(), name, number_in(name)});
    }
  }
  if (ec) {
    throw ModelFileError(fmt::format("{}: {}", printable_whole(folder), ec.message()));
  }
  if (entries.empty()) {
    throw ModelFileError(fmt::format(
        "{}: no model.mil, no .mlmodelc program and no {} (a compiled program is a .mlmodelc "
        "folder; docs/program-format.md)",
        printable_whole(folder), kProgramManifestName));
  }
  // Embeddings first, numbered programs in their order, then the rest (a head).
  const auto rank = [](const Entry& e) {
    const std::string n = lower(e.name);
    if (n.find("embed") != std::string::npos) return 0;
    if (n.find("head") != std::string::npos) return 2;
    return e.number ? 1 : 2;
  };
  std::sort(entries.begin(), entries.end(), [&](const Entry& a, const Entry& b) {
    if (rank(a) != rank(b)) return rank(a) < rank(b);
    if (a.number != b.number) return a.number < b.number;
    return a.name < b.name;
  });
  size_t unnumbered = 0;
  for (const Entry& e : entries) unnumbered += rank(e) == 2 ? 1 : 0;
  if (entries.size() > 1 && unnumbered > 1) {
    throw ModelFileError(fmt::format(
        "{}: {} programs, {} of them with no number in their names: their order is not known; "
        "list them, one per line, in {} (docs/program-format.md)",
        printable_whole(folder), entries.size(), unnumbered, kProgramManifestName));
  }
  for (const Entry& e : entries) out.push_back(e.path);
  return out;
}

}  // namespace

std::vector<ProgramFile> program_files(const std::string& given) {
  const std::string path = without_trailing_slash(given);
  std::vector<ProgramFile> out;
  if (ends_with(path, ".mlpackage")) refuse_package(path);
  if (ends_with(path, ".mil")) {
    if (!is_regular_file(path)) {
      throw ModelFileError(fmt::format("{}: program: no such file", printable_whole(path)));
    }
    const std::string parent = fs::path(path).parent_path().string();
    out.push_back({path, parent.empty() ? "." : parent});
  } else if (!is_directory(path)) {
    throw ModelFileError(fmt::format("{}: program: no such folder", printable_whole(path)));
  } else if (is_regular_file((fs::path(path) / "model.mil").string())) {
    out.push_back({(fs::path(path) / "model.mil").string(), path});
  } else {
    for (const std::string& p : deployment_programs(path)) {
      if (ends_with(without_trailing_slash(p), ".mlpackage")) refuse_package(p);
      if (is_directory(p)) {
        const std::string mil = (fs::path(p) / "model.mil").string();
        if (!is_regular_file(mil)) {
          throw ModelFileError(fmt::format("{}: no model.mil in it", printable_whole(p)));
        }
        out.push_back({mil, p});
      } else {
        out.push_back({p, path});
      }
    }
  }
  return out;
}

}  // namespace anesim
