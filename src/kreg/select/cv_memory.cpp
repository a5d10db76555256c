// cv's memory estimate: a task's, from the route, for the tasks that run at once.
#include "kreg/select/cv_memory.h"

#include <algorithm>

#include "kreg/routes/route.h"

namespace kreg {

namespace {

// ", for 3 fits at once (1 kernel point x 3 folds, --threads 64)": which of the two limits
// the count of fits running together comes from.
std::string at_once_text(const CvParallelism& p) {
  const std::string fits = std::to_string(p.tasks()) + " fit" + (p.tasks() == 1 ? "" : "s");
  const std::string points =
      std::to_string(p.kernel_points) + " kernel point" + (p.kernel_points == 1 ? "" : "s") +
      (p.tasks_per_kernel > 1 ? " x " + std::to_string(p.tasks_per_kernel) + " folds" : ", all folds in one");
  const std::string threads = "--threads " + std::to_string(p.threads);
  if (static_cast<std::size_t>(p.threads) < p.tasks())
    return ", for " + std::to_string(p.at_once) + " fits at once (" + threads + "; " + fits + ": " + points + ")";
  return ", for " + std::to_string(p.at_once) + " fits at once (" + points + "; " + threads + ")";
}

// The estimate of one task, for the tasks that run at once.
MemoryEstimate times_at_once(MemoryEstimate e, const CvParallelism& p) {
  e.bytes *= p.at_once;
  if (p.at_once > 1) {
    e.what += at_once_text(p);
    e.per_thread = true;  // fewer --threads would need less
  }
  return e;
}

}  // namespace

MemoryEstimate cv_memory(const CvSettings& settings, const Kernel& kernel, std::size_t n, std::size_t p, int folds) {
  const FitSettings& s = settings.base;
  MemoryShape shape;
  shape.n = n;
  shape.p = p;
  shape.linear = kernel.is_linear();
  const MemoryEstimate e = route_for(s).cv_task_memory(s, shape, folds, settings.regulariser_grid.size(),
                                                        resolved_cv_route(settings, n, folds));
  return times_at_once(e, cv_parallelism(settings, n, folds));
}

}  // namespace kreg
