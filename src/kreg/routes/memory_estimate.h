// The bytes each subcommand's largest allocations need, from the sizes alone, so that a run
// too large for the machine stops before it allocates (core/memory.h). Each route gives its
// own (route.h); the terms, measured against peak RSS in docs/benchmarks.md ("Memory
// estimates"), are:
//   kernel matrix            8 n^2           every dual route
//   eigendecomposition       + 2.25 x 8 n^2  eigenvectors, the divide-and-conquer workspace and the
//                                            back-transformation's (measured: 3.1 x 8 n^2 in all)
//   penalised solvers        + 8 n^2         the active set's Cholesky factor, at most n x n
//   validation rows          + 8 n_val n     their cross-kernel matrix
//   krr fit's df             + 8 n b threads  one n x 256 block of L^{-1} per thread (inverse_trace.h)
// The linear kernel with p < n solved in the primal needs O(n p + p^2) only.
#pragma once

#include <cstddef>
#include <string>

#include "kreg/kernels/kernel.h"
#include "kreg/solvers/fit_settings.h"

namespace kreg {

/// Bytes and a description of what needs them ("a 30000 x 30000 kernel matrix and its
/// eigenvectors").
struct MemoryEstimate {
  double bytes = 0.0;
  std::string what;
  bool per_thread = false;        ///< cv's fits run at once: fewer --threads needs less
  std::string advice;             ///< what to use instead ("fewer --centers"); empty: fewer rows
  bool nystrom_possible = false;  ///< the advice names --solver nystrom
};

/// The estimates of `kernel` (validate(settings)'s value) on n rows of p features, by the
/// settings' route.
MemoryEstimate fit_memory(const FitSettings& settings, const Kernel& kernel, std::size_t n, std::size_t p,
                          std::size_t n_validation);
MemoryEstimate path_memory(const FitSettings& settings, const Kernel& kernel, std::size_t n, std::size_t p,
                           std::size_t n_validation);
MemoryEstimate loo_memory(const FitSettings& settings, const Kernel& kernel, std::size_t n, std::size_t p);

/// kreg fit --tune: the tuning's three n x n matrices (gp_objective.h's workspace) and BLAS's
/// buffers; the fit after it needs less (fit_memory).
MemoryEstimate tune_memory(std::size_t n);

/// require_memory() with the estimate and the advice for a too-large run.
void require_memory_for(const MemoryEstimate& estimate, const std::string& command, std::size_t n);

/// The terms above, for the routes.
namespace memory_terms {
constexpr double kBlasBuffer = 24.0 * 1024 * 1024;  ///< BLAS work buffers a thread touches
inline double square_bytes(double n) { return 8.0 * n * n; }
std::string matrix_text(std::size_t n);
/// The linear kernel's primal system on n x p.
MemoryEstimate primal(std::size_t n, std::size_t p);
/// The n x n kernel matrix, plus (`extra`) its eigendecomposition, an active set's factor, or that
/// factor, the homotopies' reordered copy of the matrix and the late phase's factor of it (or its
/// inverse), plus the validation rows' cross-kernel matrix.
enum class DualExtra { kNone, kEigen, kActiveSet, kHomotopy };
MemoryEstimate dual(std::size_t n, std::size_t n_validation, DualExtra extra);
}  // namespace memory_terms

}  // namespace kreg
