# The files whose change can change a simulated time, as globs relative to
# the source root: the RTL, sim/, the machine reader, the batch runner and
# what characterize samples. CMakeLists.txt rehashes when one changes;
# ModelVersionHash.cmake hashes them.
set(ANESIM_MODEL_VERSION_GLOBS
    rtl/*.sv rtl/*.vlt sim/*.cpp sim/*.h sim/*.def
    src/machine/*.cpp src/machine/*.h src/machine/*.in
    src/analysis/batch/*.cpp src/analysis/batch/*.h
    src/analysis/tables/characterize.* src/analysis/tables/advise_point.*)
