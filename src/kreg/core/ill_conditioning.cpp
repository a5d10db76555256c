// Counting the points of a grid whose system is too ill-conditioned to trust.
#include "kreg/core/ill_conditioning.h"

namespace kreg {

IllConditionedPoints ill_conditioned_points(const std::vector<double>& rcond) {
  IllConditionedPoints out;
  out.total = rcond.size();
  for (std::size_t i = 0; i < rcond.size(); ++i) {
    if (!(rcond[i] < kIllConditioned)) continue;
    if (out.count == 0 || rcond[i] <= rcond[out.worst]) out.worst = i;
    ++out.count;
  }
  return out;
}

}  // namespace kreg
