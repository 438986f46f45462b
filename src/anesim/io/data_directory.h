// Where anesim's shipped data is (machine descriptions in configs/, model
// presets in configs/models/): found relative to the file the running code
// was loaded from, the executable or the Python module, so that an
// installed copy works with the source tree gone.
#pragma once

#include <string>

namespace anesim {

// The data root (it holds configs/): $ANESIM_DATA_DIR when set, else where
// the loaded file was installed or built, relative to its folder:
//   ../share/anesim        installed: PREFIX/bin/anesim (a folder named bin)
//   ../../../share/anesim  installed: PREFIX/lib/python3.X/{dist,site}-packages/anesim*.so
//   share/anesim           the build tree this code was compiled in, for code
//                          loaded from inside it (build/anesim, build/tests/,
//                          build/python/anesim*.so)
//   PREFIX/share/anesim    the absolute place `cmake --install` puts it
// Never a folder beside a binary copied anywhere else, nor one under the
// current directory. Empty when none exists.
std::string data_directory();
// The same, or the install location when none exists (so that a message
// names where the data should be, never a folder under the current one).
std::string data_directory_or_installed();

}  // namespace anesim
