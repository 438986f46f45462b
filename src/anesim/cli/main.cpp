// The anesim binary's entry point. Runs one simulation by default; the
// subcommands build on it (cli/command_line.cpp). SystemC calls sc_main once
// per process.
#include <systemc>

#include <cstdlib>

#include <anesim/cli/command_line.h>
#include <anesim/cli/exit_codes.h>

int sc_main(int argc, char* argv[]) {
  sc_core::sc_report_handler::set_actions(sc_core::SC_WARNING, sc_core::SC_DO_NOTHING);
  return anesim::run_command_line(argc, argv);
}

// Our own entry point, so that SystemC's banner is off before the kernel
// initialises (it would otherwise precede every report).
int main(int argc, char* argv[]) {
  setenv("SC_COPYRIGHT_MESSAGE", "DISABLE", 0);
  return anesim::check_standard_output(sc_core::sc_elab_and_sim(argc, argv));
}
