// See complement_system.h.
#include "kreg/linalg/complement_system.h"

#include <algorithm>
#include <utility>

#include "kreg/core/errors.h"
#include "kreg/linalg/blas_threads.h"
#include "kreg/linalg/cholesky.h"
#include "kreg/linalg/cholesky_inverse.h"
#include "kreg/linalg/column_sums.h"

namespace kreg {

bool ComplementSystem::start(const arma::mat& K, double min_rcond, const std::function<void()>& release) {
  G_.reset();
  complement_.clear();
  factor_ = UpdatableCholesky(1e-13);
  try {
    CholeskyFactor f = cholesky_in_place(K, "the kernel matrix");
    if (!(f.rcond >= min_rcond)) return false;
    if (release) release();
    cholesky_inverse_lower(f.factor, G_);
  } catch (const NumericalError&) {
    return false;
  }
  mirror_lower(G_);
  return true;
}

bool ComplementSystem::reset(const std::vector<arma::uword>& I) {
  complement_ = I;
  arma::mat block(I.size(), I.size());
  for (std::size_t b = 0; b < I.size(); ++b)
    for (std::size_t a = b; a < I.size(); ++a) block(a, b) = G_(I[a], I[b]);
  if (factor_.assign(block)) return true;
  complement_.clear();
  return false;
}

bool ComplementSystem::add(arma::uword i) {
  column_.resize(complement_.size());
  for (std::size_t a = 0; a < complement_.size(); ++a) column_[a] = G_(complement_[a], i);
  if (!factor_.append(column_.data(), G_(i, i))) return false;
  complement_.push_back(i);
  return true;
}

void ComplementSystem::remove(arma::uword i) {
  const auto at = std::find(complement_.begin(), complement_.end(), i);
  factor_.remove(static_cast<std::size_t>(at - complement_.begin()));
  complement_.erase(at);
}

void ComplementSystem::solve_small(const double* b, double* x) const { factor_.solve(b, x); }

namespace {

// Rows per piece of a long sum of columns: the pieces, fixed by the sizes alone, are shared among
// the threads (threads_for_pass), so the thread count does not change a result.
constexpr arma::uword kColumnSumRows = 1024;

template <class SumRows>
void sum_in_row_pieces(arma::uword rows, std::size_t columns, const SumRows& sum_rows) {
  const double entries = static_cast<double>(rows) * static_cast<double>(columns);
  if (entries < kPassThreadsFrom) {
    sum_rows(arma::uword{0}, rows);
    return;
  }
  const long pieces = static_cast<long>((rows + kColumnSumRows - 1) / kColumnSumRows);
  const int threads = threads_for_pass(entries);
#pragma omp parallel for schedule(static) num_threads(threads) if (threads > 1)
  for (long p = 0; p < pieces; ++p) {
    const arma::uword begin = static_cast<arma::uword>(p) * kColumnSumRows;
    sum_rows(begin, std::min(rows, begin + kColumnSumRows));
  }
}

}  // namespace

void ComplementSystem::add_columns(const double* w, double* out) const {
  sum_in_row_pieces(G_.n_rows, complement_.size(), [&](arma::uword begin, arma::uword end) {
    add_weighted_columns_rows(G_, complement_.data(), w, complement_.size(), begin, end, out);
  });
}

void ComplementSystem::add_columns_pair(const double* w1, const double* w2, double* out1, double* out2) const {
  sum_in_row_pieces(G_.n_rows, complement_.size(), [&](arma::uword begin, arma::uword end) {
    add_weighted_columns_pair_rows(G_, complement_.data(), w1, w2, complement_.size(), begin, end, out1, out2);
  });
}

}  // namespace kreg
