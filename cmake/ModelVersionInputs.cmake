# The files whose change can change a simulated time, as globs relative to
# the source root: the RTL, sim/, the machine reader, the batch runner and
# what characterize samples. CMakeLists.txt rehashes when one changes;
# ModelVersionHash.cmake hashes them. The chip registry's reader is not
# among them: it maps names to description files, and a description's own
# text is what a table is matched against.
set(ANESIM_MODEL_VERSION_GLOBS
    rtl/*.sv rtl/*.vlt sim/*.cpp sim/*.h sim/*.def
    src/anesim/machine/config*.cpp src/anesim/machine/config*.h src/anesim/machine/machine_config_reader.*
    src/anesim/machine/dram_section_reader.* src/anesim/machine/yaml_config_section.h
    src/anesim/machine/builtin_config.*
    src/anesim/analysis/batch/*.cpp src/anesim/analysis/batch/*.h
    src/anesim/analysis/tables/characterize.* src/anesim/analysis/tables/advise_point.*
    src/anesim/analysis/tables/engine_drain.*)
