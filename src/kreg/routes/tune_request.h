// What `kreg fit --tune` asks of a route (Route::tune): the objective, one bandwidth or one per
// feature, and how many seeded starts besides the median-heuristic one.
#pragma once

#include <cstdint>

#include "kreg/gp/tune_objective.h"

namespace kreg {

struct TuneRequest {
  TuneObjective objective = TuneObjective::kEvidence;
  bool per_feature = false;  ///< --ard: one bandwidth per feature
  int restarts = 0;          ///< seeded starts after the first (--restarts)
  std::uint64_t seed = 0;    ///< of the restarts' starting points (--seed)
};

}  // namespace kreg
