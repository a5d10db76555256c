// See outside_product.h. The dot products are shared among threads only when the block is long
// enough to pay for it (threads_for_pass, kreg/linalg/blas_threads.h): each out_i is one dot
// product whoever computes it, so the result does not depend on the thread count.
#include "kreg/linalg/outside_product.h"

#include <algorithm>
#include <numeric>
#include <utility>

#include "kreg/linalg/blas_threads.h"
#include "kreg/linalg/column_sums.h"

namespace kreg {

void OutsideProduct::start(const arma::mat& K) {
  const arma::uword n = K.n_rows;
  reordered_ = K;
  source_ = K.memptr();
  point_at_.resize(n);
  std::iota(point_at_.begin(), point_at_.end(), arma::uword{0});
  position_ = point_at_;
  in_front_.assign(n, 0);
  front_ = 0;
}

void OutsideProduct::swap_positions(arma::uword a, arma::uword b) {
  if (a == b) return;
  reordered_.swap_cols(a, b);  // contiguous
  reordered_.swap_rows(a, b);  // strided: n cache lines each, still O(n)
  std::swap(point_at_[a], point_at_[b]);
  position_[point_at_[a]] = a;
  position_[point_at_[b]] = b;
}

void OutsideProduct::follow(const std::vector<char>& member) {
  const arma::uword n = reordered_.n_rows;
  for (arma::uword i = 0; i < n; ++i) {
    if ((member[i] != 0) == (in_front_[i] != 0)) continue;
    if (member[i]) {  // joins: to the first position after the front
      swap_positions(position_[i], front_);
      ++front_;
    } else {  // leaves: to the front's last position, which then falls outside
      --front_;
      swap_positions(position_[i], front_);
    }
    in_front_[i] = member[i] != 0;
  }
}

void OutsideProduct::prepare(const arma::mat& K, const std::vector<arma::uword>& set,
                             const std::vector<char>& member, const double* w, std::vector<double>& front_w) {
  const arma::uword n = K.n_rows;
  if (source_ != K.memptr() || reordered_.n_rows != n) start(K);
  follow(member);
  full_.resize(n);
  for (std::size_t q = 0; q < set.size(); ++q) full_[set[q]] = w[q];
  front_w.resize(front_);
  for (arma::uword p = 0; p < front_; ++p) front_w[p] = full_[point_at_[p]];
}

void OutsideProduct::compute(const arma::mat& K, const std::vector<arma::uword>& set,
                             const std::vector<char>& member, const double* w, double* out) {
  prepare(K, set, member, w, front_w_);
  // out_i = K_{S,i}^T w_S: the top front_ entries of the copy's column at i's position, four
  // columns per pass over w.
  const arma::uword n = K.n_rows;
  if (front_ == 0) {
    for (arma::uword p = front_; p < n; ++p) out[point_at_[p]] = 0.0;
    return;
  }
  const long groups = static_cast<long>((n - front_ + 3) / 4);
  const int threads = threads_for_pass(static_cast<double>(front_) * static_cast<double>(n - front_));
#pragma omp parallel for schedule(static) num_threads(threads) if (threads > 1)
  for (long group = 0; group < groups; ++group) {
    const arma::uword first = front_ + 4 * static_cast<arma::uword>(group), count = std::min<arma::uword>(4, n - first);
    if (count == 4) {
      const double* columns[4] = {reordered_.colptr(first), reordered_.colptr(first + 1), reordered_.colptr(first + 2),
                                  reordered_.colptr(first + 3)};
      double sums[4];
      dot_products_four(front_, columns, front_w_.data(), sums);
      for (arma::uword k = 0; k < 4; ++k) out[point_at_[first + k]] = sums[k];
    } else {
      for (arma::uword p = first; p < first + count; ++p)
        out[point_at_[p]] = dot_product(front_, reordered_.colptr(p), front_w_.data());
    }
  }
}

void OutsideProduct::compute_pair(const arma::mat& K, const std::vector<arma::uword>& set,
                                  const std::vector<char>& member, const double* w1, const double* w2, double* out1,
                                  double* out2) {
  prepare(K, set, member, w1, front_w_);
  prepare(K, set, member, w2, front_w2_);
  const long n = static_cast<long>(K.n_rows), front = static_cast<long>(front_);
  const int threads = threads_for_pass(static_cast<double>(front) * static_cast<double>(n - front));
#pragma omp parallel for schedule(static) num_threads(threads) if (threads > 1)
  for (long p = front; p < n; ++p) {
    double sums[2] = {0.0, 0.0};
    const arma::uword position = static_cast<arma::uword>(p);
    if (front_ > 0) dot_product_pair(front_, reordered_.colptr(position), front_w_.data(), front_w2_.data(), sums);
    out1[point_at_[position]] = sums[0];
    out2[point_at_[position]] = sums[1];
  }
}

}  // namespace kreg
