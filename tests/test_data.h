// The data sets the tests use, read through kreg's own CSV reader.
#pragma once

#include <string>

#include "kreg/data/dataset.h"

namespace kreg::test {

/// tests/fixtures/california_{train,test}.csv (target MedHouseVal), optionally only the
/// first `rows` rows (0 = all).
Dataset california(const std::string& part = "train", std::size_t rows = 0);
/// A penalised problem: kreg's Gaussian kernel matrix and the target.
struct KernelProblem {
  arma::mat K;
  arma::vec y;
};
/// The first `rows` California training rows (0 = all), features and target standardised, with
/// the Gaussian kernel of `bandwidth`.
KernelProblem california_gaussian(std::size_t rows, double bandwidth);

/// data/sine_{train,test}.csv of the kernel-methods notes (target y).
Dataset sine(const std::string& part = "train");

/// The Gaussian kernel matrix exp(-||x_i - x_j||^2 / (2 sigma^2)) entry by entry, from its
/// definition: a reference for kreg's own Gram matrices.
arma::mat reference_gaussian_gram(const arma::mat& X, double sigma);

}  // namespace kreg::test
