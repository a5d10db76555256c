// A Cholesky factor L L^T = A_SS of the principal submatrix of a symmetric positive definite A
// on a changing index set S: indices are appended (O(m^2), one triangular solve) or removed
// (O(m^2), Givens rotations restore the triangle). For active-set methods (the l1 homotopy),
// where S changes by one index per step and a fresh factorisation would cost O(m^3).
#pragma once

#include <armadillo>
#include <vector>

namespace kreg {

class UpdatableCholesky {
 public:
  /// `pivot_tolerance`: append refuses an index whose new pivot^2 falls below this fraction of
  /// its diagonal entry (A_SS would be numerically singular).
  explicit UpdatableCholesky(double pivot_tolerance = 1e-12) : tolerance_(pivot_tolerance) {}

  std::size_t size() const { return m_; }

  /// Appends an index with column `a_S` (its entries against the current set, in set order) and
  /// diagonal `a_ii`. Returns false, changing nothing, when the enlarged matrix is numerically
  /// singular.
  bool append(const double* a_S, double a_ii);

  /// Replaces the factor by one of the whole symmetric positive definite `A` (its lower
  /// triangle; BLAS-3, as cholesky_lower). False, leaving the factor empty, when a pivot falls
  /// below the tolerance of append.
  bool assign(const arma::mat& A);

  /// Removes the index at position `pos` of the set (later positions move up by one). When `z`
  /// is given with L z = b (the forward half of a solve, length size()), it is carried to the
  /// new factor: on return L z = b without entry pos (length size() - 1).
  void remove(std::size_t pos, std::vector<double>* z = nullptr);

  /// After an append: the new last entry of z with L z = b, given z of the first size() - 1
  /// entries and the new b entry (O(size())).
  double forward_last(const std::vector<double>& z, double b_last) const;

  /// Solves L^T x = z (the back half of a solve; z and x of length size()).
  void back_solve(const double* z, double* x) const;

  /// Solves A_SS x = e_last (the last unit vector) by one triangular solve.
  void solve_last_unit(double* x) const;

  /// Solves A_SS x = b (b and x of length size()).
  void solve(const double* b, double* x) const;

  /// z with L z = b (the forward half of a solve).
  void forward_solve(const double* b, double* z) const;

 private:
  double& at(std::size_t i, std::size_t j) { return L_[j * cap_ + i]; }
  double at(std::size_t i, std::size_t j) const { return L_[j * cap_ + i]; }
  void reserve(std::size_t m);
  void triangular_solve(bool transposed, double* x) const;  // BLAS dtrsv on the m x m factor

  double tolerance_;
  std::size_t m_ = 0, cap_ = 0;
  std::vector<double> L_;  // column-major, leading dimension cap_; lower triangle of m_ x m_ used
  std::vector<double> work_;
};

}  // namespace kreg
