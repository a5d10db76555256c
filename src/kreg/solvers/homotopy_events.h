// Bookkeeping shared by the kl1 and klinf homotopies: the count of events (joins and leaves,
// clips and frees) and the guard against exact ties, where events of zero length can cycle
// without progress.
#pragma once

#include <string>

#include "kreg/core/number_text.h"
#include "kreg/solvers/l1_homotopy.h"

namespace kreg {

class HomotopyEvents {
 public:
  HomotopyEvents(long max_events, long n) : max_events_(max_events), max_zero_steps_(n + 10) {}

  /// Counts an event of length `step` at `lambda` into `out`; false (with out.stopped set) when
  /// the path must stop: more than max_events, or more zero-length events in a row than points.
  bool count(double step, double lambda, double tie, HomotopyResult& out) {
    if (++out.events > max_events_) {
      out.stopped = "more than " + std::to_string(max_events_) + " events";
      return false;
    }
    zero_steps_ = step <= tie * lambda ? zero_steps_ + 1 : 0;
    if (zero_steps_ > max_zero_steps_) {
      out.stopped = "degenerate ties at lambda " + readable_number(lambda);
      return false;
    }
    return true;
  }

 private:
  long max_events_, max_zero_steps_, zero_steps_ = 0;
};

}  // namespace kreg
