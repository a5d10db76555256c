// --score and --huber-delta, shared by cv and path: which validation score chooses (cv's min
// and 1se rules, the early-stopping t of each fold) and which extra column a path reports.
#pragma once

#include <string>

#include "kreg/data/score.h"
#include "option_set.h"

namespace kreg::cli {

struct ScoreOptions {
  std::string score = "mse";                ///< mse | mae | huber
  double huber_delta = kDefaultHuberDelta;  ///< threshold on the standardised residual

  /// Registers --score (`purpose`: what it does in this subcommand) and --huber-delta.
  void register_on(OptionSet& options, const std::string& purpose);
  /// The checked score: ConfigError naming --score for an unknown name, --huber-delta for a
  /// threshold that is not a finite number > 0 or that is given without --score huber.
  Score to_score(const OptionSet& options) const;
};

}  // namespace kreg::cli
