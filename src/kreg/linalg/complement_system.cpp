// See complement_system.h.
#include "kreg/linalg/complement_system.h"

#include <algorithm>
#include <utility>

#include "kreg/core/errors.h"
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

void ComplementSystem::add_columns(const double* w, double* out) const {
  add_weighted_columns(G_, complement_.data(), w, complement_.size(), out);
}

void ComplementSystem::add_columns_pair(const double* w1, const double* w2, double* out1, double* out2) const {
  add_weighted_columns_pair(G_, complement_.data(), w1, w2, complement_.size(), out1, out2);
}

}  // namespace kreg
