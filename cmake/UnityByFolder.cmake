# anesim_unity_by_folder(TARGET): TARGET's sources compile as one unit per
# folder (CMake's UNITY_BUILD in GROUP mode, the group named after the
# folder). Header-only libraries (nlohmann-json, yaml-cpp's templates, fmt,
# CLI11) cost seconds per file that includes them; per folder, the first
# build takes about half the CPU. A new file joins its folder's unit with no
# list to edit. ANESIM_UNITY=OFF compiles file by file (quicker rebuilds
# while editing one file).
option(ANESIM_UNITY "compile each source folder as one unit" ON)

function(anesim_unity_by_folder target)
  if(NOT ANESIM_UNITY)
    return()
  endif()
  get_target_property(sources ${target} SOURCES)
  foreach(src IN LISTS sources)
    get_filename_component(dir "${src}" DIRECTORY)
    get_filename_component(folder "${dir}" NAME)
    if(folder STREQUAL "")
      set(folder top)
    endif()
    set_source_files_properties(${src} TARGET_DIRECTORY ${target} PROPERTIES UNITY_GROUP "${folder}")
  endforeach()
  set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_MODE GROUP)
endfunction()
