// See outside_product.h. One thread: a product per event is too short to share (at n = 2,000
// a parallel region per event made a path several times slower on a loaded 2-core machine);
// cv runs its folds in parallel instead.
#include "kreg/linalg/outside_product.h"

#include <numeric>
#include <utility>

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
  // out_i = K_{S,i}^T w_S: the top front_ entries of the copy's column at i's position.
  for (arma::uword p = front_; p < K.n_rows; ++p)
    out[point_at_[p]] = front_ > 0 ? dot_product(front_, reordered_.colptr(p), front_w_.data()) : 0.0;
}

void OutsideProduct::compute_pair(const arma::mat& K, const std::vector<arma::uword>& set,
                                  const std::vector<char>& member, const double* w1, const double* w2, double* out1,
                                  double* out2) {
  prepare(K, set, member, w1, front_w_);
  prepare(K, set, member, w2, front_w2_);
  for (arma::uword p = front_; p < K.n_rows; ++p) {
    double sums[2] = {0.0, 0.0};
    if (front_ > 0) dot_product_pair(front_, reordered_.colptr(p), front_w_.data(), front_w2_.data(), sums);
    out1[point_at_[p]] = sums[0];
    out2[point_at_[p]] = sums[1];
  }
}

}  // namespace kreg
