// A fitting problem, built once and handed to whichever route fits it: the training rows
// standardised with their own statistics, the kernel as a value (parsed once), the validation
// rows standardised with the same statistics, and the kernel matrices and the spectrum computed
// on first use and kept. fit, path, each cv fold and loo all work on one; lambda's n-scaling is
// applied here and nowhere else (effective_lambda).
#pragma once

#include <armadillo>
#include <memory>
#include <vector>

#include "kreg/data/dataset.h"
#include "kreg/data/standardization.h"
#include "kreg/kernels/kernel.h"
#include "kreg/solvers/fit_settings.h"
#include "kreg/spectral/spectrum.h"

namespace kreg {

/// What the constructor checks besides the settings.
struct ProblemChecks {
  /// The commands that report MSEs (path, cv, loo) refuse a target whose squared scale
  /// overflows (require_representable_mse); fit works at any magnitude.
  bool representable_mse = true;
  /// The training rows' numbers in the user's file, for the messages (null: 0, 1, ...).
  const arma::uvec* original_rows = nullptr;
};

class Problem {
 public:
  /// Validates `settings`, parses its kernel and standardises `train` (and `validation`, which
  /// may be null). Both datasets must outlive the problem.
  Problem(const Dataset& train, const FitSettings& settings, const Dataset* validation = nullptr,
          ProblemChecks checks = {});
  /// The same with the kernel already built (cv's kernel grid points): settings.kernel must
  /// describe `kernel`.
  Problem(const Dataset& train, const FitSettings& settings, Kernel kernel, const Dataset* validation,
          ProblemChecks checks = {});

  const FitSettings& settings() const { return settings_; }
  const MethodInfo& method() const { return settings_.method_info(); }
  const Kernel& kernel() const { return kernel_; }
  const Dataset& train() const { return train_; }
  const Dataset* validation() const { return validation_; }
  const Standardization& standardization() const { return standardization_; }
  /// The standardised training features and target.
  const arma::mat& Z() const { return Z_; }
  const arma::vec& y() const { return y_; }
  /// The validation features and target, standardised with the training statistics (empty
  /// without validation rows).
  const arma::mat& Zv() const { return Zv_; }
  const arma::vec& yv() const { return yv_; }
  arma::uword n() const { return Z_.n_rows; }
  arma::uword p() const { return Z_.n_cols; }
  /// The linear kernel with p < n: the p x p primal system applies.
  bool primal() const { return solves_in_primal(kernel_, n(), p()); }

  /// lambda as it enters K + lambda_eff I: lambda, or n lambda under --lambda-scaling n
  /// (FitSettings::lambda_unit).
  double lambda_unit() const { return settings_.lambda_unit(n()); }
  double effective_lambda(double lambda) const { return lambda * lambda_unit(); }

  /// K on the standardised training rows (both triangles), computed once.
  const arma::mat& gram() const;
  /// K(Zv, Z), computed once; empty without validation rows.
  const arma::mat& validation_gram() const;
  /// K's eigendecomposition (or the primal one for the linear kernel), computed once.
  const Spectrum& spectrum() const;

 private:
  void build(ProblemChecks checks);

  const Dataset& train_;
  const Dataset* validation_;
  FitSettings settings_;
  Kernel kernel_;
  Standardization standardization_;
  arma::mat Z_, Zv_;
  arma::vec y_, yv_;
  mutable std::unique_ptr<arma::mat> gram_, validation_gram_;
  mutable std::unique_ptr<Spectrum> spectrum_;
};

/// Throws ConfigError(key, "values must be >= 0") for a grid value below 0 or NaN: every
/// pipeline checks its grid once, here.
void require_nonnegative_grid(const std::vector<double>& grid, const char* key);

}  // namespace kreg
