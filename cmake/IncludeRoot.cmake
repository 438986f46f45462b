# The one include root: every project header is included as <anesim/...>,
# in this tree and once installed. In the build tree, <root>/anesim/<part>
# is a link to the source folder that holds the part, and <root>/anesim/
# generated holds the headers CMake writes:
#   anesim/sim      -> sim/
#   anesim/io       -> src/io/
#   anesim/machine  -> src/machine/
#   anesim/model    -> src/model/
#   anesim/api      -> src/api/ (the typed requests under the CLI and Python)
#   anesim/present  -> src/present/ (typed results as text, CSV, JSON, plots)
#   anesim/analysis -> src/analysis/
#   anesim/cli      -> src/cli/
#   anesim/python   -> src/python/ (the Python module)
# anesim_make_include_root(<root>) creates the links and the generated folder.
function(anesim_make_include_root root)
  file(MAKE_DIRECTORY ${root}/anesim/generated)
  foreach(pair IN ITEMS sim:sim io:src/io machine:src/machine model:src/model
                    api:src/api present:src/present analysis:src/analysis cli:src/cli
                    python:src/python)
    string(REPLACE ":" ";" parts ${pair})
    list(GET parts 0 name)
    list(GET parts 1 folder)
    if(NOT EXISTS ${root}/anesim/${name})
      file(CREATE_LINK ${PROJECT_SOURCE_DIR}/${folder} ${root}/anesim/${name} SYMBOLIC)
    endif()
  endforeach()
endfunction()
