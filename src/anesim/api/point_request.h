// The point a batch parent hands its child on stdin (docs/architecture.md,
// "The parent-child protocol"): the child's command line reads it with
// parse_point_request into a SimPoint and checks it as if typed.
#pragma once

// IWYU pragma: begin_exports
#include <anesim/analysis/batch/point_request.h>
#include <anesim/analysis/batch/sim_point.h>
// IWYU pragma: end_exports
