// The test binaries link anesim_lib, whose run/replay code can start
// SystemC, so they link libsystemc, which wants an sc_main (an optimised
// build may drop the reference; a sanitizer build keeps it). The tests never
// start SystemC (Catch2 owns main), so this is never called; weak, in case a
// test defines its own.
extern "C" __attribute__((weak)) int sc_main(int, char*[]) { return 1; }
