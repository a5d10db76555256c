// Gram matrices from BLAS-3 agree with the kernel formulas evaluated pair by pair, are exactly
// symmetric, and stay exact for (near-)duplicate points where the distance trick cancels.
#include "kreg/kernels/gram.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>

#include "kreg/core/errors.h"

namespace kreg::test {
namespace {

// The formulas written out independently of src/kreg/kernels (bandwidth 0.8, degree 3, offset 0.5).
double direct(const std::string& name, const arma::rowvec& a, const arma::rowvec& b) {
  const double d2 = arma::accu(arma::square(a - b));
  const double g = arma::dot(a, b);
  const double r = std::sqrt(d2), sigma = 0.8;
  if (name == "gaussian") return std::exp(-d2 / (2 * sigma * sigma));
  if (name == "laplace") return std::exp(-r / sigma);
  if (name == "matern32") {
    const double u = std::sqrt(3.0) * r / sigma;
    return (1 + u) * std::exp(-u);
  }
  if (name == "matern52") {
    const double u = std::sqrt(5.0) * r / sigma;
    return (1 + u + 5 * d2 / (3 * sigma * sigma)) * std::exp(-u);
  }
  if (name == "cauchy") return 1 / (1 + d2 / (sigma * sigma));
  if (name == "linear") return g;
  if (name == "polynomial") return std::pow(g + 0.5, 3);
  ADD_FAILURE() << "no formula in this test for kernel " << name;
  return NAN;
}

TEST(Gram, MatchesPairwiseFormulasForEveryKernel) {
  arma::arma_rng::set_seed(7);
  arma::mat A = arma::randn(37, 4), B = arma::randn(11, 4);
  A.row(5) = A.row(3);         // an exact duplicate
  A.row(6) = A.row(3) + 1e-9;  // a near duplicate: the distance trick alone would lose it
  B.row(2) = A.row(3);
  for (const std::string name : {"gaussian", "laplace", "matern32", "matern52", "cauchy", "linear", "polynomial"}) {
    SCOPED_TRACE(name);
    KernelSettings s;
    s.name = name;
    s.set("bandwidth", 0.8);
    s.set("degree", 3);
    s.set("offset", 0.5);
    const Kernel k = make_kernel(s);
    const arma::mat K = gram(k, A), C = cross_gram(k, A, B);
    EXPECT_TRUE(K.is_symmetric(0.0));
    double worst = 0.0;
    for (arma::uword i = 0; i < A.n_rows; ++i) {
      for (arma::uword j = 0; j < A.n_rows; ++j) {
        const double e = direct(name, A.row(i), A.row(j));
        worst = std::max(worst, std::abs(K(i, j) - e) / std::max(1.0, std::abs(e)));
      }
      for (arma::uword j = 0; j < B.n_rows; ++j) {
        const double e = direct(name, A.row(i), B.row(j));
        worst = std::max(worst, std::abs(C(i, j) - e) / std::max(1.0, std::abs(e)));
      }
    }
    EXPECT_LT(worst, 1e-13);
    if (k.reads_distance()) {
      EXPECT_EQ(K(3, 5), 1.0);  // distance exactly zero
      EXPECT_EQ(C(3, 2), 1.0);
    }
  }
}

TEST(Gram, KernelParametersAreValidated) {
  KernelSettings s;
  s.set("bandwidth", 0.0);
  EXPECT_ANY_THROW(make_kernel(s));
  s.set("bandwidth", 1.0);
  s.name = "polynomial";
  s.set("offset", -1.0);
  EXPECT_ANY_THROW(make_kernel(s));
  s.name = "sigmoid";
  EXPECT_ANY_THROW(make_kernel(s));
}

}  // namespace
}  // namespace kreg::test

namespace kreg::test {
namespace {

// A Gram matrix larger than the machine's memory is refused before anything is allocated.
TEST(Gram, RefusesMatricesLargerThanMemory) {
  const double physical = static_cast<double>(sysconf(_SC_PHYS_PAGES)) * static_cast<double>(sysconf(_SC_PAGE_SIZE));
  const arma::uword n = static_cast<arma::uword>(std::sqrt(physical / 8.0)) + 1000;
  const arma::mat A(n, 1, arma::fill::zeros);  // n doubles only
  try {
    gram(make_kernel(KernelSettings{}), A);
    FAIL() << "no error for a " << n << " x " << n << " Gram matrix";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("kernel matrix needs"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace kreg::test
