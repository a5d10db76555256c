// One point of a regularisation path, whatever the method: the regulariser value and the
// fit's quality there. Errors are on the original scale of the response.
#pragma once

#include <armadillo>
#include <cmath>

namespace kreg {

/// What double precision determines of kl1 / klinf on a numerically singular K; computed and
/// explained in numerical_range.h.
struct NumericalRange {
  std::size_t n = 0;
  std::size_t rank = 0;              ///< eigenvalues of K above tau
  double tau = 0.0;                  ///< n u mu_max
  double lambda_unbounded = 0.0;     ///< lambda*(tau) (effective units); 0 when rank = n
  double lambda_undetermined = 0.0;  ///< max over theta of lambda*(theta) - k(theta) A; >= lambda_unbounded
  double coefficient_floor = 0.0;    ///< A = tol / (n u max|K_ij|)
  bool computed = false;             ///< false: not computed (K was never found singular) or the LP failed
};

struct PathPoint {
  double value = 0.0;  ///< lambda (as given, before n-scaling) or t (before momentum scaling)
  double df = NAN;     ///< tr H where defined (krr, kgf); NaN otherwise
  double train_mse = 0.0, train_r2 = 0.0;
  double val_mse = NAN, val_r2 = NAN;  ///< NaN without validation data
  double val_score = NAN;              ///< the path's score (data/score.h) on the validation data
  double alpha_norm = 0.0;             ///< ||alpha||_2 (standardised scale)
  std::size_t nonzero = 0;             ///< number of alpha_i != 0
  long iterations = -1;                ///< iterative methods: updates behind this point
  bool converged = true;               ///< penalised methods: solver met its tolerance
  /// penalised methods, not converged: the exact path stopped above this lambda where the
  /// minimiser's coefficients are too large to be determined in double precision
  bool ill_determined = false;
  bool bounded = true;  ///< penalised methods: false where the objective has no minimiser (repeated_rows.h,
                        ///< numerical_range.h)
  /// penalised methods: bounded is false because training rows repeat (repeated_rows.h)
  bool unbounded_by_repeats = false;
  /// penalised methods: below range.lambda_undetermined no minimiser is determinable (numerical_range.h)
  bool undetermined = false;
  NumericalRange range;  ///< penalised methods, solver auto: the bounds behind `undetermined` (if computed)
  double rcond = NAN;    ///< krr, kgf: reciprocal condition of K + lambda I (or K + I/t)
  arma::vec alpha;       ///< filled when coefficients are requested
};

}  // namespace kreg
