// Problem: standardise once, parse the kernel once, compute each kernel matrix once.
#include "kreg/solvers/problem.h"

#include "kreg/core/errors.h"
#include "kreg/kernels/gram.h"
#include "kreg/kernels/kernel_overflow.h"
#include "kreg/kernels/per_feature_bandwidth.h"

namespace kreg {

Problem::Problem(const Dataset& train, const FitSettings& settings, const Dataset* validation, ProblemChecks checks)
    : train_(train), validation_(validation), settings_(settings), kernel_(validate(settings)) {
  build(checks);
}

Problem::Problem(const Dataset& train, const FitSettings& settings, Kernel kernel, const Dataset* validation,
                 ProblemChecks checks)
    : train_(train), validation_(validation), settings_(settings), kernel_(std::move(kernel)) {
  build(checks);
}

void Problem::build(ProblemChecks checks) {
  require_bandwidth_per_feature(kernel_, train_);
  if (checks.representable_mse) require_representable_mse(train_);
  standardization_ = fit_standardization(train_, settings_.standardize);
  Z_ = standardization_.transform_features(train_.X);
  require_finite_kernel(kernel_, Z_, train_, settings_.standardize, checks.original_rows);
  y_ = standardization_.transform_target(train_.y);
  if (validation_ != nullptr) {
    Zv_ = standardization_.transform_features(validation_->X);
    yv_ = standardization_.transform_target(validation_->y);
  }
}

const arma::mat& Problem::gram() const {
  if (!gram_) gram_ = std::make_unique<arma::mat>(kreg::gram(kernel_, Z_));
  return *gram_;
}

const arma::mat& Problem::validation_gram() const {
  if (!validation_gram_)
    validation_gram_ =
        std::make_unique<arma::mat>(validation_ != nullptr ? cross_gram(kernel_, Zv_, Z_) : arma::mat());
  return *validation_gram_;
}

const Spectrum& Problem::spectrum() const {
  if (!spectrum_) spectrum_ = std::make_unique<Spectrum>(spectrum_for(kernel_, Z_));
  return *spectrum_;
}

void require_nonnegative_grid(const std::vector<double>& grid, const char* key) {
  for (double v : grid)
    if (!(v >= 0.0)) throw ConfigError(key, "values must be >= 0");
}

}  // namespace kreg
