# The files whose change can change a simulated time, as globs relative to
# the source root: the RTL, sim/, the machine reader, the batch runner and
# what characterize samples. CMakeLists.txt rehashes when one changes;
# ModelVersionHash.cmake hashes them. The chip registry's reader is not
# among them: it maps names to description files, and a description's own
# text is what a table is matched against.
set(ANESIM_MODEL_VERSION_GLOBS
    rtl/*.sv rtl/*.vlt sim/*.cpp sim/*.h sim/*.def
    src/machine/config*.cpp src/machine/config*.h src/machine/machine_config_reader.*
    src/machine/dram_section_reader.* src/machine/yaml_config_section.h
    src/machine/builtin_config.*
    src/analysis/batch/*.cpp src/analysis/batch/*.h
    src/analysis/tables/characterize.* src/analysis/tables/advise_point.*
    src/analysis/tables/engine_drain.*)
