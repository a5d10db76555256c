// Memory estimates: the free functions ask the route; the shared terms are here.
#include "kreg/routes/memory_estimate.h"

#include "kreg/core/memory.h"
#include "kreg/gp/gp_objective.h"
#include "kreg/routes/route.h"

namespace kreg {

namespace memory_terms {

std::string matrix_text(std::size_t n) {
  return "a " + std::to_string(n) + " x " + std::to_string(n) + " kernel matrix";
}

MemoryEstimate primal(std::size_t n, std::size_t p) {
  return {8.0 * (static_cast<double>(n) * p + static_cast<double>(p) * p), "the linear kernel's primal system"};
}

MemoryEstimate dual(std::size_t n, std::size_t n_validation, DualExtra extra) {
  const double nn = static_cast<double>(n);
  MemoryEstimate e{square_bytes(nn), matrix_text(n)};
  switch (extra) {
    case DualExtra::kEigen:
      e.bytes += 2.25 * square_bytes(nn);
      e.what += " and its eigendecomposition";
      break;
    case DualExtra::kActiveSet:  // the factor can grow to n x n
      e.bytes += square_bytes(nn);
      e.what += " and a factor of its active set";
      break;
    case DualExtra::kHomotopy:
      // and the homotopies' reordered copy of K (linalg/outside_product.h); from 1,000 rows their
      // late phase (linalg/complement_system.h) factors K while the copy and the active set's
      // factor are still held, then keeps the factor's inverse in their place.
      e.bytes += 3.0 * square_bytes(nn);
      e.what += ", a factor of its active set, a reordered copy and K's factor or inverse";
      break;
    case DualExtra::kNone:
      break;
  }
  if (n_validation > 0) e.bytes += 8.0 * static_cast<double>(n_validation) * nn;
  return e;
}

}  // namespace memory_terms

namespace {

MemoryShape shape_of(const Kernel& kernel, std::size_t n, std::size_t p, std::size_t n_validation) {
  MemoryShape shape;
  shape.n = n;
  shape.p = p;
  shape.n_validation = n_validation;
  shape.linear = kernel.is_linear();
  return shape;
}

}  // namespace

MemoryEstimate fit_memory(const FitSettings& s, const Kernel& kernel, std::size_t n, std::size_t p,
                          std::size_t n_validation) {
  return route_for(s).fit_memory(s, shape_of(kernel, n, p, n_validation));
}

MemoryEstimate path_memory(const FitSettings& s, const Kernel& kernel, std::size_t n, std::size_t p,
                           std::size_t n_validation) {
  return route_for(s).path_memory(s, shape_of(kernel, n, p, n_validation));
}

MemoryEstimate loo_memory(const FitSettings& s, const Kernel& kernel, std::size_t n, std::size_t p) {
  return path_memory(s, kernel, n, p, 0);
}

MemoryEstimate tune_memory(std::size_t n) {
  MemoryEstimate e{gp_workspace_bytes(n) + memory_terms::kBlasBuffer,
                   "the tuning's three " + std::to_string(n) + " x " + std::to_string(n) + " matrices"};
  e.per_thread = false;
  return e;
}

void require_memory_for(const MemoryEstimate& e, const std::string& command, std::size_t n) {
  require_memory(e.bytes, command + " on " + std::to_string(n) + " rows (" + e.what + ")",
                 !e.advice.empty()
                     ? "use " + e.advice
                     : std::string("use fewer rows (a random sample)") + (e.per_thread ? ", fewer --threads" : "") +
                           (e.nystrom_possible ? ", --solver nystrom" : ""));
}

}  // namespace kreg
