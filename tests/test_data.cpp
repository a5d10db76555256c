// Loading the test data sets.
#include "test_data.h"

#include <cmath>

#include "kreg/data/csv_table.h"
#include "kreg/data/standardization.h"
#include "kreg/kernels/gram.h"
#include "kreg/routes/train.h"
#include "test_paths.h"

namespace kreg::test {

Dataset california(const std::string& part, std::size_t rows) {
  ColumnSelection sel;
  sel.target = "MedHouseVal";
  Dataset d = select_training_columns(read_csv_table(source_path("tests/fixtures/california_" + part + ".csv")), sel);
  if (rows > 0) {
    d.X = d.X.head_rows(rows);
    d.y = d.y.head(rows);
  }
  return d;
}

KernelProblem california_gaussian(std::size_t rows, double bandwidth) {
  const Dataset d = california("train", rows);
  const Standardization st = fit_standardization(d.X, d.y, StandardizeMode::kBoth);
  KernelSettings ks;
  ks.set("bandwidth", bandwidth);
  return {gram(make_kernel(ks), st.transform_features(d.X)), st.transform_target(d.y)};
}

Dataset sine(const std::string& part) {
  return select_training_columns(read_csv_table(source_path("data/sine_" + part + ".csv")), ColumnSelection{});
}

arma::mat reference_gaussian_gram(const arma::mat& X, double sigma) {
  arma::mat K(X.n_rows, X.n_rows);
  for (arma::uword i = 0; i < X.n_rows; ++i)
    for (arma::uword j = 0; j < X.n_rows; ++j)
      K(i, j) = std::exp(-arma::accu(arma::square(X.row(i) - X.row(j))) / (2.0 * sigma * sigma));
  return K;
}

}  // namespace kreg::test
