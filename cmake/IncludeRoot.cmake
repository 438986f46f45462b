# Where headers are found: an include path is the file's path on disk.
#   <anesim/<part>/...>      src/anesim/<part>/   (io, machine, model, api,
#                            present, analysis, cli, python)
#   <sim/<family>/...>       sim/<family>/        (the SystemC model)
#   <anesim/generated/...>   <build>/include/anesim/generated/ (what CMake
#                            writes from the RTL package: ring geometry and
#                            mechanisms)
# Installed, the same spellings hold: include/anesim/ holds the public
# headers, and include/anesim/sim/ the model's, found as <sim/...> through
# include/anesim (docs/systemc.md, "anesim as a library").
# anesim_include_dirs(<var> <generated root>) sets <var> to the build's and
# the install's include directories and creates the generated folder.
function(anesim_include_dirs var generated_root)
  file(MAKE_DIRECTORY ${generated_root}/anesim/generated)
  set(${var}
      $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/src>
      $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}>
      $<BUILD_INTERFACE:${generated_root}>
      $<INSTALL_INTERFACE:include>
      $<INSTALL_INTERFACE:include/anesim>
      PARENT_SCOPE)
endfunction()
