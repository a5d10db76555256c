// k(z, z) for every training point, and the error that names where it overflows.
#include "kreg/kernels/kernel_overflow.h"

#include <sstream>

#include "kreg/core/errors.h"
#include "kreg/kernels/gram.h"

namespace kreg {

void require_finite_kernel(const Kernel& kernel, const arma::mat& Z, const Dataset& data, StandardizeMode mode,
                           const arma::uvec* rows) {
  if (kernel.input() == KernelInput::kDistance || Z.n_rows == 0) return;  // k(z, z) = k(0): finite
  const arma::vec sq = row_squared_norms(kernel, Z);  // (a kernel of the dot product: one bandwidth)
  const arma::vec zero(sq.n_elem, arma::fill::zeros);
  arma::vec diag(sq.n_elem);
  kernel.evaluate(zero.memptr(), sq.memptr(), diag.memptr(), diag.n_elem);
  const arma::uvec bad = arma::find_nonfinite(diag);
  if (bad.is_empty()) return;
  const arma::uword i = bad(0);
  const arma::uword j = arma::index_max(arma::abs(Z.row(i)));
  const bool standardised = mode != StandardizeMode::kNone;
  std::ostringstream os;
  os.precision(3);
  os << data.source << ": the kernel '" << kernel.text() << "' overflows at training row "
     << (rows != nullptr ? (*rows)(i) : i) + 1 << " (k(x, x) = " << diag(i) << "; its feature '"
     << (j < data.feature_names.size() ? data.feature_names[j] : std::to_string(j + 1)) << "' is " << Z(i, j)
     << (standardised ? " after standardisation" : "") << "): the features are too large for this kernel; rescale them"
     << (standardised ? "" : " or standardise them") << ", or use a kernel bounded by 1 (gaussian, laplace, ...)";
  throw DataError(os.str());
}

}  // namespace kreg
