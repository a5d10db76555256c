// libFuzzer harness: a model file as `kreg predict --model` reads it. A model that loads must
// predict (two rows) and save again; any other input must be refused with a kreg::Error.
#include <armadillo>
#include <cstddef>
#include <cstdint>
#include <string>

#include "kreg/core/errors.h"
#include "kreg/model/model_json.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    const kreg::Model model = kreg::model_from_text(text, "fuzz.json");
    arma::mat X(2, model.feature_names.size());
    X.row(0).zeros();
    X.row(1).ones();
    (void)kreg::predict(model, X);
    (void)kreg::model_to_json(model).dump(1);
  } catch (const kreg::Error&) {
    // refused with a message
  }
  return 0;
}
