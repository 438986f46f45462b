// libsystemc wants an sc_main, and Python loads the module with every
// symbol bound at once. The module never starts the SystemC kernel (its
// runs go through sim/top/run_without_systemc.h), so this is never called;
// visible, because pybind11 hides the module's other symbols.
extern "C" __attribute__((weak, visibility("default"))) int sc_main(int, char*[]) { return 1; }
