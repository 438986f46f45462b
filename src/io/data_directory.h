// Where anesim's shipped data is (machine descriptions in configs/, model
// presets in configs/models/): found relative to the file the running code
// was loaded from, the executable or the Python module, so that an
// installed copy works with the source tree gone.
#pragma once

#include <string>

namespace anesim {

// The data root (it holds configs/): $ANESIM_DATA_DIR when set, else the
// first of these that exists, relative to the loaded file's folder:
//   ../share/anesim        installed: PREFIX/bin/anesim
//   ../../../share/anesim  installed: PREFIX/lib/python3.X/dist-packages/anesim*.so
//   share/anesim           the build tree: build/anesim (and ../ from build/python/)
// Empty when none exists.
std::string data_directory();

}  // namespace anesim
