// The model presets: configs/models/NAME.yaml under the data directory
// (io/data_directory.h): the build tree's share/anesim/, or the installed
// PREFIX/share/anesim/.
#pragma once

#include <string>
#include <vector>

#include <anesim/model/model_description.h>

namespace anesim {

std::string model_presets_directory();
// The preset names found there (NAME of every NAME.yaml), sorted.
std::vector<std::string> model_preset_names();
// "a, b, c" (or where none were found), for messages.
std::string model_preset_list();
bool is_model_preset(const std::string& name);
// A preset's description, its source "<preset NAME>". Throws ModelFileError.
ModelDescription load_model_preset(const std::string& name);

}  // namespace anesim
