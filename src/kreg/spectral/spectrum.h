// One eigendecomposition serves every lambda, t, LOO, GCV and degrees of freedom (the
// representer-theorem notes, "Choosing the penalty by leave-one-out"; Allerbo (2023), Lemma kgf_s).
//
// Dual form: K = U diag(mu) U^T (n x n). For the linear kernel with p < n the primal form uses the
// thin SVD of the standardised design, Z = U diag(s) V^T, so that Z Z^T = U diag(s^2) U^T with U n
// x p (the representer-theorem notes, primal-dual identity): every formula below then holds with mu
// = s^2 and costs O(np) instead of O(n^2).
//
// With ytil = U^T y, every spectral method is a filter phi(mu) on ytil:
//   KRR (Allerbo 2023, eq. krr_s_alpha):  alpha = U diag(1/(mu + lambda)) ytil,
//                                    fitted = U diag(mu/(mu + lambda)) ytil
//   KGF (Allerbo 2023, Lemma kgf_s):      alpha = U diag((1 - e^{-t mu})/mu) ytil,
//                                    fitted = U diag(1 - e^{-t mu}) ytil
// and the hat matrix is H = U diag(h) U^T with h the fitted-value filter, so
//   df = tr H = sum_j h_j,   H_ii = sum_j U_ij^2 h_j.
// The components of y outside span(U) (primal form, or mu = 0) are untouched by every
// filter: fitted values ignore them, residuals keep them.
#pragma once

#include <armadillo>
#include <string>

#include "kreg/kernels/kernel.h"

namespace kreg {

struct Spectrum {
  bool primal = false;            ///< true: U comes from the thin SVD of Z (linear kernel, p < n)
  bool complete = true;           ///< U spans R^n (false for primal spectra: there the missing
                                  ///< directions have eigenvalue 0)
  arma::vec mu;                   ///< r eigenvalues of K (or s^2), clamped at 0 (see spectrum.cpp)
  arma::mat U;                    ///< n x r orthonormal eigenvectors
  arma::mat V;                    ///< primal only: p x r right singular vectors
  arma::vec s;                    ///< primal only: r singular values
  double clamped_negative = 0.0;  ///< most negative eigenvalue set to 0 (rounding), 0 if none

  arma::uword n() const { return U.n_rows; }
};

/// LAPACK driver of eigen_spectrum. Divide and conquer (dsyevd) is the faster one, also on the
/// clustered near-zero eigenvalues of smooth kernels, where dsyevr's MRRR falls back to
/// bisection and inverse iteration; it needs 2 n^2 of workspace, so kAuto uses it up to
/// kDivideAndConquerMaxN points and dsyevr (peak memory K + U) above.
enum class EigenDriver { kAuto, kDivideAndConquer, kRelativelyRobust };
inline constexpr unsigned kDivideAndConquerMaxN = 4096;

/// Eigendecomposition of a symmetric K, consuming it (pass std::move(K)). Eigenvalues that
/// are negative by rounding (>= -1e-10 * mu_max) are set to 0; a clearly negative eigenvalue
/// means K is not psd and is a NumericalError.
Spectrum eigen_spectrum(arma::mat K, EigenDriver driver = EigenDriver::kAuto);

/// The spectrum of the standardised training points Z for `kernel`: primal (thin SVD of Z)
/// for the linear kernel when p < n and `allow_primal`, else eig of the Gram matrix.
Spectrum spectrum_for(const Kernel& kernel, const arma::mat& Z, bool allow_primal = true);

/// Whether krr and kgf solve n rows of p features in the primal: the linear kernel with p < n (the
/// p x p system of the primal-dual identity, the representer-theorem notes). The one place with
/// this rule.
inline bool solves_in_primal(const Kernel& kernel, std::size_t n, std::size_t p) { return kernel.is_linear() && p < n; }

/// Filters on the spectrum. `lambda` is the effective penalty (already scaled by n if asked).
/// The KRR coefficient filter 1/(mu + lambda) needs mu + lambda > 0: lambda = 0 with a zero
/// eigenvalue is a NumericalError (K is not positive definite).
arma::vec krr_coefficient_filter(const arma::vec& mu, double lambda);
arma::vec krr_hat_filter(const arma::vec& mu, double lambda);
/// (1 - e^{-t mu}) / mu, computed as -expm1(-t mu)/mu, with the exact limit t at mu = 0.
arma::vec kgf_coefficient_filter(const arma::vec& mu, double t);
/// 1 - e^{-t mu} = -expm1(-t mu)
arma::vec kgf_hat_filter(const arma::vec& mu, double t);

/// The reciprocal condition number of K + lambda I from the spectrum, (mu_min + lambda) /
/// (mu_max + lambda), with mu_min = 0 when U is not complete; 1 for an empty spectrum or an
/// infinite lambda. KGF at time t filters like KRR at lambda = 1/t (Allerbo 2023, Proposition 1),
/// so spectral_rcond(spec, 1/t) measures it too.
double spectral_rcond(const Spectrum& spec, double lambda);

/// Dual coefficients alpha = U diag(g) U^T y given ytil = U^T y (dual spectra), or the primal
/// weights beta = V diag(s g) ytil (primal spectra), for a coefficient filter g.
arma::vec coefficients(const Spectrum& spec, const arma::vec& ytil, const arma::vec& g);

}  // namespace kreg
