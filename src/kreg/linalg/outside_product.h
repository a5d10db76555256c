// The product of the homotopies' events: out_i = (K_{:,S} w)_i = sum_{j in S} K_ij w_j, needed
// only for the rows i outside the set S (on S the optimality conditions give it): the block
// K_{I,S}, I the rows outside S, of |I| |S| entries. Read from K as it is, that block is spread
// over whole columns of length n. So the product keeps its own copy of K, symmetrically
// permuted so that S comes first: K_{S,I} is then the top |S| rows of the columns after |S|, and
// each out_i is one dot product of two contiguous vectors of length |S|. An event reads
// |S| (n - |S|) entries, where whole columns would be n min(|S|, n - |S|): 2/3 of the traffic
// over a path whose set grows from empty to nearly all points, half at |S| = n / 2. When S
// changes by a point, two rows and columns of the copy swap places (O(n)).
#pragma once

#include <armadillo>
#include <vector>

namespace kreg {

class OutsideProduct {
 public:
  /// out[i] = sum_q K(i, set[q]) w[q] for every i with member[i] == 0 (K symmetric n x n;
  /// `member` flags the entries of `set`). out[i] for i in the set is left unspecified. The
  /// first call copies K (8 n^2 bytes, held until the object goes); later calls must pass the
  /// same K.
  void compute(const arma::mat& K, const std::vector<arma::uword>& set, const std::vector<char>& member,
               const double* w, double* out);

  /// The same for two vectors in one pass over the block: out1 from w1 and out2 from w2.
  void compute_pair(const arma::mat& K, const std::vector<arma::uword>& set, const std::vector<char>& member,
                    const double* w1, const double* w2, double* out1, double* out2);

 private:
  void start(const arma::mat& K);
  void swap_positions(arma::uword a, arma::uword b);  // rows and columns a, b of the copy
  void follow(const std::vector<char>& member);        // the copy's front becomes the set
  // Copies K on first use and brings the copy's front to the set; then w by position in front_w_.
  void prepare(const arma::mat& K, const std::vector<arma::uword>& set, const std::vector<char>& member,
               const double* w, std::vector<double>& front_w);

  arma::mat reordered_;               // P K P^T: the set's points in positions [0, front_)
  std::vector<arma::uword> point_at_;  // point_at_[position]: the point (row of K) there
  std::vector<arma::uword> position_;  // position_[point]: where the point is
  std::vector<char> in_front_;         // in_front_[point]: the point is among the first front_
  arma::uword front_ = 0;
  const double* source_ = nullptr;     // the K copied
  std::vector<double> full_, front_w_, front_w2_;  // w by point, and by position in the front
};

}  // namespace kreg
