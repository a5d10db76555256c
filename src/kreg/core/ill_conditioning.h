// When a solution is too ill-conditioned to trust: below this reciprocal condition number of
// the system (K + lambda I, or its analogue for KGF, K + I/t) the coefficients keep fewer than
// about six correct digits, and kreg says so (fit, path, loo, cv refits).
#pragma once

namespace kreg {

inline constexpr double kIllConditioned = 1e-10;

}  // namespace kreg
