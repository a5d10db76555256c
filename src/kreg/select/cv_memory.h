// The memory cv needs: one task's estimate from the method's route (routes/route.h), times
// the tasks that run at once (cv_parallelism).
#pragma once

#include <cstddef>

#include "kreg/routes/memory_estimate.h"
#include "kreg/select/cv.h"

namespace kreg {

/// The tasks that run at once (cv_parallelism: min(threads, tasks)) each hold their fold's
/// matrices; krr with shared statistics holds, per kernel point, the whole K's
/// eigendecomposition and the group-deletion products. `kernel`: validate(settings.base)'s value.
MemoryEstimate cv_memory(const CvSettings& settings, const Kernel& kernel, std::size_t n, std::size_t p, int folds);

}  // namespace kreg
