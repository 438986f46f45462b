// The extension every anesim read carries on its tlm_generic_payload: the
// whole LineRequest (requesting core, prefetch flag, tag, line, latency
// stamps). A foreign target may ignore it but must leave it on the payload.
#pragma once

#include <tlm>

#include <sim/base/line_request.h>

namespace anesim {

struct LineExtension : tlm::tlm_extension<LineExtension> {
  LineRequest req;
  tlm::tlm_extension_base* clone() const override { return new LineExtension(*this); }
  void copy_from(const tlm::tlm_extension_base& other) override {
    req = static_cast<const LineExtension&>(other).req;
  }
};

}  // namespace anesim
