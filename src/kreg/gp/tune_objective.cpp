// The names of the tuning objectives.
#include "kreg/gp/tune_objective.h"

namespace kreg {

std::string to_string(TuneObjective objective) {
  switch (objective) {
    case TuneObjective::kEvidence:
      return "evidence";
    case TuneObjective::kLoo:
      return "loo";
    case TuneObjective::kGcv:
      return "gcv";
  }
  return "";  // not reached
}

std::string value_name(TuneObjective objective) {
  switch (objective) {
    case TuneObjective::kEvidence:
      return "log evidence";
    case TuneObjective::kLoo:
      return "LOO MSE";
    case TuneObjective::kGcv:
      return "GCV";
  }
  return "";  // not reached
}

bool parse_tune_objective(const std::string& text, TuneObjective& objective) {
  for (TuneObjective o : {TuneObjective::kEvidence, TuneObjective::kLoo, TuneObjective::kGcv})
    if (text == to_string(o)) {
      objective = o;
      return true;
    }
  return false;
}

}  // namespace kreg
