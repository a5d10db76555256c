// The product of the homotopies' events: out_i = (K_{:,S} w)_i = sum_{j in S} K_ij w_j, needed
// only for the rows i outside the set S (on S the optimality conditions give it). Two ways to
// read K, for K symmetric: the columns of S (n |S| entries read), or, as K_ij = K_ji, one column
// per row outside S against w scattered to length n, zeros off S (n (n - |S|) entries). The
// cheaper is taken, so an event reads n min(|S|, n - |S|) entries of K instead of n |S|.
#pragma once

#include <armadillo>
#include <vector>

namespace kreg {

class OutsideProduct {
 public:
  /// out[i] = sum_q K(i, set[q]) w[q] for every i with member[i] == 0 (K symmetric n x n;
  /// `member` flags the entries of `set`). out[i] for i in the set is left unspecified.
  void compute(const arma::mat& K, const std::vector<arma::uword>& set, const std::vector<char>& member,
               const double* w, double* out);

 private:
  std::vector<double> full_;  // w scattered to length n
};

}  // namespace kreg
