// The exact regularisation path of klinf (Allerbo 2023, eq. alphainf) by homotopy:
//   min_alpha 1/2 alpha^T K alpha - y^T alpha + lambda ||alpha||_inf,  c = y - K alpha.
// With m = ||alpha||_inf, the clipped set M = {i : |alpha_i| = m} (signs s_M) and the free set
// F, optimality reads c_F = 0, s_i c_i >= 0 on M and s_M^T c_M = lambda. Writing alpha = P z,
// z = (alpha_F, m) and P = [e_F, s_M on M], this is the linear system
//   G z = P^T y - lambda e_m,  G = P^T K P,
// so z moves by delta d (G d = e_m) as lambda decreases by delta, and c by -delta K P d. Events:
// a free alpha_i reaches +-m (i joins M), or s_i c_i of a clipped i reaches 0 (i becomes free).
// From lambda_max = ||y||_1 (alpha = 0, every i with y_i != 0 clipped) down; G's Cholesky
// factor is updated per event (free columns first, the m column last), and each event's point
// and direction are solved afresh from it (not carried over from the structure before).
#pragma once

#include <armadillo>
#include <vector>

#include "kreg/solvers/l1_homotopy.h"

namespace kreg {

/// The path at `lambdas` (decreasing, >= 0, effective values); see l1_homotopy for the result
/// and the conditions under which it stops early.
HomotopyResult linf_homotopy(const arma::mat& K, const arma::vec& y, const std::vector<double>& lambdas,
                             long max_events, const LatePhase& late = LatePhase());

}  // namespace kreg
