// The data sets of the Gaussian-process tests: the fixture files of make_gp_fixture.py read and
// standardised as kreg does, and small generated sets.
#pragma once

#include <armadillo>
#include <string>

#include "kreg/data/dataset.h"
#include "kreg/data/standardization.h"
#include "test_paths.h"

namespace kreg::test {

struct GpData {
  arma::mat X;  ///< standardised features
  arma::vec y;  ///< standardised target
  double target_scale = 1.0;
};

/// tests/fixtures/<file> with the target named `target`, standardised (features and target).
inline GpData gp_fixture_data(const std::string& file, const std::string& target) {
  ColumnSelection sel;
  sel.target = target;
  const Dataset d = load_training_data(source_path("tests/fixtures/" + file), {}, sel, MissingPolicy::kError).data;
  const Standardization st = fit_standardization(d, StandardizeMode::kBoth);
  return {st.transform_features(d.X), st.transform_target(d.y), st.target_scale};
}

}  // namespace kreg::test
