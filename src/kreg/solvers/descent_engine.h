// The engines behind run_descent (descent.cpp): one interface, two implementations --
// DirectDescent (direct_descent.cpp: r, alpha and the validation predictions kept up to date
// from K's columns; every method) and SpectralKgd (spectral_kgd.cpp: kgd in the eigenbasis).
#pragma once

#include <armadillo>
#include <memory>
#include <stdexcept>

#include "kreg/solvers/fit_settings.h"

namespace kreg::detail {

// kgd: a descent jump is taken when it covers at least kMinJump updates; after a shorter
// answer the next attempt waits kJumpRetry updates (an attempt costs about two validation
// products).
constexpr long kMinJump = 64, kJumpRetry = 64;

/// The validation MSE along a straight run: q(j) = a j^2 + b j + c after j more updates.
struct Quadratic {
  double a = 0.0, b = 0.0, c = 0.0;
  double at(double j) const { return (a * j + b) * j + c; }
};

class Engine {
 public:
  virtual ~Engine() = default;
  virtual void step(long k) = 0;
  /// How many of the next updates (at most `limit`, at least 1) are identical (a straight run).
  virtual long straight_steps(long /*limit*/) { return 1; }
  /// Takes `j` identical updates at once (only after straight_steps returned >= j).
  virtual void advance(long /*j*/) { throw std::logic_error("advance without a straight run"); }
  /// Validation MSE after j more updates of the current straight run.
  virtual Quadratic val_line() const { return {}; }
  /// How many of the next updates (at most `limit`) provably lower the validation MSE at
  /// every one of them (0 when the engine cannot tell); jump() then takes them at once.
  virtual long descending_steps(long /*limit*/) { return 0; }
  virtual void jump(long /*j*/) { throw std::logic_error("jump without a descent guarantee"); }
  virtual double train_mse() const = 0;
  virtual double val_mse() const = 0;
  /// The validation residuals y_val - f_val of the current iterate, into `out`.
  virtual void val_residuals(arma::vec& out) const = 0;
  /// Along the current straight run: the validation residuals after j more updates are
  /// e - j v (only after straight_steps returned > 1).
  virtual void val_residual_line(arma::vec& /*e*/, arma::vec& /*v*/) const {
    throw std::logic_error("val_residual_line without a straight run");
  }
  /// A cheap copy of the state that alpha_of() turns into alpha.
  virtual arma::vec snapshot() const = 0;
  /// snapshot() into `out`, reusing its memory.
  virtual void snapshot_into(arma::vec& out) const { out = snapshot(); }
  virtual arma::vec alpha_of(const arma::vec& snap) const = 0;
};

std::unique_ptr<Engine> make_direct_descent(const arma::mat& K, const arma::vec& y, const FitSettings& s,
                                            const arma::mat* Kv, const arma::vec* yv);
std::unique_ptr<Engine> make_spectral_kgd(const arma::mat& K, const arma::vec& y, const FitSettings& s,
                                          const arma::mat* Kv, const arma::vec* yv);

}  // namespace kreg::detail
