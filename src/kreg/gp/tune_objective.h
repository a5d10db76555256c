// What the Gaussian-process tuning minimises (gp_objective.h has the formulas): its names for
// the settings and the messages, without any of the numerical work.
#pragma once

#include <string>

namespace kreg {

enum class TuneObjective {
  kEvidence,  ///< the negative log evidence (log marginal likelihood), signal variance profiled out
  kLoo,       ///< the leave-one-out mean squared error (kreg loo's loo_mse)
  kGcv,       ///< generalised cross-validation (kreg loo's gcv)
};

/// "evidence", "loo", "gcv".
std::string to_string(TuneObjective objective);
/// What the objective's value is called in summaries and progress: "log evidence" (larger is
/// better), "LOO MSE", "GCV".
std::string value_name(TuneObjective objective);
/// The objective of "evidence", "loo" or "gcv"; false for anything else.
bool parse_tune_objective(const std::string& text, TuneObjective& objective);

}  // namespace kreg
