// See outside_product.h. One thread: a product per event is too short to share (at n = 2,000
// a parallel region per event made a path several times slower on a loaded 2-core machine);
// cv runs its folds in parallel instead.
#include "kreg/linalg/outside_product.h"

#include "kreg/linalg/column_sums.h"

namespace kreg {

void OutsideProduct::compute(const arma::mat& K, const std::vector<arma::uword>& set,
                             const std::vector<char>& member, const double* w, double* out) {
  const arma::uword n = K.n_rows, m = set.size();
  if (m <= n - m) {  // the columns of S
    std::fill(out, out + n, 0.0);
    add_weighted_columns(K, set.data(), w, m, out);
    return;
  }
  full_.assign(n, 0.0);  // one column of K per row outside S
  for (arma::uword q = 0; q < m; ++q) full_[set[q]] = w[q];
  for (arma::uword i = 0; i < n; ++i)
    if (!member[i]) out[i] = dot_product(n, K.colptr(i), full_.data());
}

}  // namespace kreg
