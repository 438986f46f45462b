// The stop token a long call checks (Python's Ctrl-C): StopRequest, seen by
// the cycle loop each quantum and inherited by the batch's point threads.
#pragma once

#include <sim/base/stop_request.h>  // IWYU pragma: export
