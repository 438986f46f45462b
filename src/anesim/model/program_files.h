// Which model.mil files a program path holds, in run order, and the folder
// each one's @model_path names (docs/program-format.md, "What a path may
// be"): a .mlmodelc folder, a .mil file, or a deployment folder of
// programs ordered by its manifest (anesim-programs.txt) or by the numbers
// in their names. A .mlpackage is refused with the command that compiles it.
#pragma once

#include <string>
#include <vector>

namespace anesim {

constexpr const char* kProgramManifestName = "anesim-programs.txt";

struct ProgramFile {
  std::string mil;     // the program's text
  std::string folder;  // its @model_path
};

// Throws ModelFileError naming the path (and the manifest's line).
std::vector<ProgramFile> program_files(const std::string& path);

// `path` without trailing slashes ("/" stays).
std::string without_trailing_slash(std::string path);

bool is_directory(const std::string& path);
bool is_regular_file(const std::string& path);

}  // namespace anesim
