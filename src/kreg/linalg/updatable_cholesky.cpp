// Appending: with A_SS = L L^T and a new index i, solve L l = a_S; the new row of the factor is
// [l^T, sqrt(a_ii - l^T l)]. Removing position p: deleting row p of L leaves rows p.. with one
// entry right of the diagonal; a Givens rotation of columns (k, k+1) for k = p, p+1, ... zeroes
// it row by row (rotations from the right keep L L^T; the new diagonal hypot(a, b) stays
// positive), and the last column then vanishes.
#include "kreg/linalg/updatable_cholesky.h"

#include <algorithm>
#include <cmath>

#include "kreg/linalg/cholesky.h"
#include "kreg/linalg/lapack.h"

namespace kreg {

void UpdatableCholesky::reserve(std::size_t m) {
  if (m <= cap_) return;
  const std::size_t cap = std::max<std::size_t>(m, 2 * cap_ + 8);
  std::vector<double> grown(cap * cap, 0.0);
  for (std::size_t j = 0; j < m_; ++j)
    for (std::size_t i = j; i < m_; ++i) grown[j * cap + i] = at(i, j);
  L_.swap(grown);
  cap_ = cap;
}

bool UpdatableCholesky::append(const double* a_S, double a_ii) {
  work_.assign(a_S, a_S + m_);
  triangular_solve(false, work_.data());  // L l = a_S
  double ll = 0.0;
  for (std::size_t i = 0; i < m_; ++i) ll += work_[i] * work_[i];
  const double pivot2 = a_ii - ll;
  if (!(pivot2 > tolerance_ * a_ii)) return false;
  reserve(m_ + 1);
  for (std::size_t j = 0; j < m_; ++j) at(m_, j) = work_[j];
  at(m_, m_) = std::sqrt(pivot2);
  ++m_;
  return true;
}

bool UpdatableCholesky::assign(const arma::mat& A) {
  const std::size_t m = A.n_rows;
  L_.assign(m * m, 0.0);
  cap_ = m;
  m_ = 0;
  for (std::size_t j = 0; j < m; ++j)
    for (std::size_t i = j; i < m; ++i) at(i, j) = A(i, j);
  if (m > 0 && cholesky_lower(static_cast<int>(m), L_.data(), static_cast<int>(cap_)) != 0) return false;
  for (std::size_t j = 0; j < m; ++j) {
    const double pivot = L_[j * cap_ + j];
    if (!(pivot * pivot > tolerance_ * A(j, j))) return false;
  }
  m_ = m;  // (the strict upper triangle, zero, is not written by cholesky_lower)
  return true;
}

void UpdatableCholesky::remove(std::size_t pos, std::vector<double>* z) {
  // Shift rows pos+1.. up by one, column by column (contiguous in column-major storage).
  for (std::size_t j = 0; j < m_; ++j)
    for (std::size_t i = std::max(pos, j > 0 ? j - 1 : 0); i + 1 < m_; ++i) at(i, j) = at(i + 1, j);
  // Row k (k >= pos) now has an entry at column k+1: rotate columns k, k+1 to remove it. The
  // columns keep their indices, so with G the product of the rotations, b without entry pos is
  // (L without row pos) z = (L without row pos) G G^T z = L' (G^T z)[0 .. m-2]: z takes the
  // same rotations and loses its last entry.
  for (std::size_t k = pos; k + 1 < m_; ++k) {
    const double a = at(k, k), b = at(k, k + 1);
    const double r = std::hypot(a, b);
    const double c = a / r, s = b / r;
    double* x = &at(0, k);
    double* y = &at(0, k + 1);
    for (std::size_t i = k; i + 1 < m_; ++i) {
      const double xi = x[i], yi = y[i];
      x[i] = c * xi + s * yi;
      y[i] = -s * xi + c * yi;
    }
    if (z != nullptr) {
      const double zk = (*z)[k], zk1 = (*z)[k + 1];
      (*z)[k] = c * zk + s * zk1;
      (*z)[k + 1] = -s * zk + c * zk1;
    }
  }
  if (z != nullptr) z->pop_back();
  --m_;
  for (std::size_t i = 0; i <= m_ && i < cap_; ++i) at(i, m_) = 0.0;  // the vanished column
}

void UpdatableCholesky::triangular_solve(bool transposed, double* x) const {
  if (m_ == 0) return;
  const int m = static_cast<int>(m_), lda = static_cast<int>(cap_), one = 1;
  lapack::dtrsv("L", transposed ? "T" : "N", "N", &m, L_.data(), &lda, x, &one);
}

double UpdatableCholesky::forward_last(const std::vector<double>& z, double b_last) const {
  const std::size_t last = m_ - 1;
  double sum = b_last;
  for (std::size_t j = 0; j < last; ++j) sum -= at(last, j) * z[j];
  return sum / at(last, last);
}

void UpdatableCholesky::forward_solve(const double* b, double* z) const {
  std::copy(b, b + m_, z);
  triangular_solve(false, z);  // L z = b
}

void UpdatableCholesky::back_solve(const double* z, double* x) const {
  std::copy(z, z + m_, x);
  triangular_solve(true, x);  // L^T x = z
}

void UpdatableCholesky::solve_last_unit(double* x) const {
  // L z = e_last has z = e_last / L(last, last): only the back substitution is left.
  std::fill(x, x + m_, 0.0);
  if (m_ == 0) return;
  x[m_ - 1] = 1.0 / at(m_ - 1, m_ - 1);
  triangular_solve(true, x);
}

void UpdatableCholesky::solve(const double* b, double* x) const {
  std::copy(b, b + m_, x);
  triangular_solve(false, x);  // L z = b
  triangular_solve(true, x);   // L^T x = z
}

}  // namespace kreg
