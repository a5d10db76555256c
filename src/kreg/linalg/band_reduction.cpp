#include "kreg/linalg/band_reduction.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "kreg/core/errors.h"
#include "kreg/linalg/lapack.h"

namespace kreg {

BandReduction::BandReduction(arma::mat A, int half_bandwidth) : reflectors_(std::move(A)) {
  const int n = static_cast<int>(reflectors_.n_rows);
  kd_ = std::max(0, std::min(half_bandwidth, n - 1));
  const int ldab = kd_ + 1;
  band_.set_size(static_cast<arma::uword>(ldab), static_cast<arma::uword>(n));
  // Zeros: where n <= kd + 1, dsytrd_sy2sb copies A into the band and returns without setting
  // tau, and Q must be the identity (H(i) = I - tau v v^T with tau = 0).
  tau_.zeros(static_cast<arma::uword>(std::max(1, n - kd_)));
  if (n == 0) return;
  int info = 0, lwork = -1;
  double query = 0.0;
  lapack::dsytrd_sy2sb("L", &n, &kd_, reflectors_.memptr(), &n, band_.memptr(), &ldab, tau_.memptr(), &query, &lwork,
                       &info);
  lwork = std::max(1, static_cast<int>(query));
  arma::vec work(static_cast<arma::uword>(lwork));
  lapack::dsytrd_sy2sb("L", &n, &kd_, reflectors_.memptr(), &n, band_.memptr(), &ldab, tau_.memptr(), work.memptr(),
                       &lwork, &info);
  if (info != 0) throw NumericalError("band reduction failed (LAPACK dsytrd_sy2sb info " + std::to_string(info) + ")");
}

// Q = H(1) ... H(n - kd), where H(i) acts on rows i + kd .. n (1-based) with v(i + kd) = 1 and
// v below it stored in column i of the reflectors: on rows kd + 1 .. n this is the Q of a QR
// factorisation stored from row kd + 1, which dormqr applies; rows 1 .. kd are left alone.
void BandReduction::apply(arma::mat& C, const char* trans) const {
  if (C.n_rows != n()) throw std::logic_error("BandReduction::apply: C has the wrong number of rows");
  const int n = static_cast<int>(C.n_rows);
  const int m = n - kd_, cols = static_cast<int>(C.n_cols);
  if (m <= 0 || cols == 0) return;
  int info = 0, lwork = -1;
  double query = 0.0;
  const double* v = reflectors_.memptr() + kd_;
  double* rows = C.memptr() + kd_;
  lapack::dormqr("L", trans, &m, &cols, &m, v, &n, tau_.memptr(), rows, &n, &query, &lwork, &info);
  lwork = std::max(1, static_cast<int>(query));
  arma::vec work(static_cast<arma::uword>(lwork));
  lapack::dormqr("L", trans, &m, &cols, &m, v, &n, tau_.memptr(), rows, &n, work.memptr(), &lwork, &info);
  if (info != 0)
    throw NumericalError("applying the band reduction failed (LAPACK dormqr info " + std::to_string(info) + ")");
}

bool BandReduction::solve_shifted(double shift, double* b) const {
  const int size = static_cast<int>(n()), ldab = kd_ + 1, one = 1;
  if (size == 0) return true;
  arma::mat factor = band_;
  factor.row(0) += shift;  // the diagonal of B
  int info = 0;
  lapack::dpbtrf("L", &size, &kd_, factor.memptr(), &ldab, &info);
  if (info != 0) return false;
  lapack::dpbtrs("L", &size, &kd_, &one, factor.memptr(), &ldab, b, &size, &info);
  return info == 0;
}

}  // namespace kreg
