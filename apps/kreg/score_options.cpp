// The score options.
#include "score_options.h"

#include <cmath>

#include "kreg/core/errors.h"
#include "kreg/core/number_text.h"
#include "kreg/core/suggest.h"

namespace kreg::cli {

void ScoreOptions::register_on(OptionSet& o, const std::string& purpose) {
  o.add_choice("--score", score, score_names(),
               purpose +
                   ": mse | mae (mean |y - prediction|) | huber (mean Huber loss of the residual divided by the "
                   "standard deviation of the training targets, threshold --huber-delta)");
  o.add("--huber-delta", huber_delta,
        "threshold of --score huber on the standardised residual: quadratic within it, linear beyond (1.345: "
        "95% efficiency for normal errors)");
}

Score ScoreOptions::to_score(const OptionSet& o) const {
  Score s;
  if (!parse_score_kind(score, s.kind))
    throw ConfigError("score", "expected mse, mae or huber, got '" + score + "'" + did_you_mean(score, score_names()));
  if (!(huber_delta > 0.0) || !std::isfinite(huber_delta))
    throw ConfigError("huber_delta", "must be a number > 0, got " + readable_number(huber_delta));
  if (o.given("huber_delta") && s.kind != ScoreKind::kHuber)
    throw ConfigError("huber_delta", "applies to --score huber only (the score is " + score + ")");
  s.huber_delta = huber_delta;
  return s;
}

}  // namespace kreg::cli
