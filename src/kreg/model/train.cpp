// The fitting pipeline shared by every method: standardise -> Gram -> solve -> summary.
#include "kreg/model/train.h"

#include <sstream>

#include "kreg/core/errors.h"
#include "kreg/kernels/gram.h"
#include "kreg/select/metrics.h"
#include "kreg/solvers/kgf.h"
#include "kreg/solvers/krr.h"
#include "kreg/solvers/linear_primal.h"

namespace kreg {

namespace {

// Below this reciprocal condition number the solution keeps fewer than ~6 correct digits.
constexpr double kIllConditioned = 1e-10;

std::string ill_conditioned_warning(double rcond) {
  std::ostringstream os;
  os.precision(3);
  os << "K + lambda I is ill-conditioned (reciprocal condition " << rcond
     << "): alpha may have few correct digits; consider a larger lambda";
  return os.str();
}

}  // namespace

Model train(const Dataset& data, const FitSettings& settings) {
  validate(settings);
  if (!data.has_target()) throw DataError(data.source + ": no target column to fit");
  if (data.n() < 1) throw DataError(data.source + ": no training rows");

  Model model;
  model.settings = settings;
  model.kernel = make_kernel(settings.kernel);
  model.feature_names = data.feature_names;
  model.target_name = data.target_name;
  model.standardization = fit_standardization(data.X, data.y, settings.standardize);
  model.points = model.standardization.transform_features(data.X);
  model.point_rows = arma::regspace<arma::uvec>(0, data.n() - 1);
  const arma::vec t = model.standardization.transform_target(data.y);

  const bool primal = std::holds_alternative<LinearKernel>(model.kernel) && data.p() < data.n();
  arma::vec fitted_t;
  if (settings.method == "krr" && primal) {
    // Linear kernel, p < n: the p x p primal system (seed 001, primal-dual identity).
    PrimalSolution sol = solve_linear_primal(model.points, t, settings.effective_lambda(data.n()));
    model.beta = std::move(sol.beta);
    model.summary.rcond = sol.rcond;
    fitted_t = std::move(sol.fitted);
  } else if (settings.method == "krr") {
    KrrSolution sol = solve_krr(gram(model.kernel, model.points), t, settings.effective_lambda(data.n()));
    model.alpha = std::move(sol.alpha);
    model.summary.rcond = sol.rcond;
    fitted_t = std::move(sol.fitted);
  } else {  // kgf
    const Spectrum spec = spectrum_for(model.kernel, model.points);
    SpectralSolution sol = solve_kgf(spec, t, settings.effective_t());
    (spec.primal ? model.beta : model.alpha) = std::move(sol.coef);
    fitted_t = std::move(sol.fitted);
  }
  if (model.summary.rcond > 0.0 && model.summary.rcond < kIllConditioned)
    model.warnings.push_back(ill_conditioned_warning(model.summary.rcond));
  if (!model.beta.empty()) {  // a primal model needs no training points
    model.points.reset();
    model.point_rows.reset();
  }

  const arma::vec fitted = model.standardization.inverse_target(fitted_t);
  model.summary.n_train = data.n();
  model.summary.n_features = data.p();
  model.summary.train_mse = mse(data.y, fitted);
  model.summary.train_r2 = r_squared(data.y, fitted);
  return model;
}

}  // namespace kreg
