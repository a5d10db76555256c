// predictive_spread(): the model's route answers (gp_reading.h).
#include "kreg/routes/gp_reading.h"

#include "kreg/routes/route.h"

namespace kreg {

PredictiveSpread predictive_spread(const Model& model, const arma::mat& X) {
  return route_for(model.settings).predictive_spread(model, X);
}

}  // namespace kreg
