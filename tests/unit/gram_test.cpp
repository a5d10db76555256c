// Gram matrices from BLAS-3 agree with the kernel formulas evaluated pair by pair, are exactly
// symmetric, and stay exact for (near-)duplicate points where the distance trick cancels.
#include "kreg/core/errors.h"
#include "kreg/kernels/gram.h"

#include <gtest/gtest.h>

#include <unistd.h>

#include <cmath>

namespace kreg::test {
namespace {

double direct(const Kernel& k, const arma::rowvec& a, const arma::rowvec& b) {
  const double d2 = arma::accu(arma::square(a - b));
  const double g = arma::dot(a, b);
  const double r = std::sqrt(d2);
  if (auto* x = std::get_if<GaussianKernel>(&k)) return std::exp(-d2 / (2 * x->bandwidth * x->bandwidth));
  if (auto* x = std::get_if<LaplaceKernel>(&k)) return std::exp(-r / x->bandwidth);
  if (auto* x = std::get_if<Matern32Kernel>(&k)) {
    const double u = std::sqrt(3.0) * r / x->bandwidth;
    return (1 + u) * std::exp(-u);
  }
  if (auto* x = std::get_if<Matern52Kernel>(&k)) {
    const double u = std::sqrt(5.0) * r / x->bandwidth;
    return (1 + u + 5 * d2 / (3 * x->bandwidth * x->bandwidth)) * std::exp(-u);
  }
  if (auto* x = std::get_if<CauchyKernel>(&k)) return 1 / (1 + d2 / (x->bandwidth * x->bandwidth));
  if (std::holds_alternative<LinearKernel>(k)) return g;
  const auto& p = std::get<PolynomialKernel>(k);
  return std::pow(g + p.offset, p.degree);
}

TEST(Gram, MatchesPairwiseFormulasForEveryKernel) {
  arma::arma_rng::set_seed(7);
  arma::mat A = arma::randn(37, 4), B = arma::randn(11, 4);
  A.row(5) = A.row(3);         // an exact duplicate
  A.row(6) = A.row(3) + 1e-9;  // a near duplicate: the distance trick alone would lose it
  B.row(2) = A.row(3);
  for (const auto& name : kernel_names()) {
    SCOPED_TRACE(name);
    KernelSettings s;
    s.name = name;
    s.bandwidth = 0.8;
    s.degree = 3;
    s.offset = 0.5;
    const Kernel k = make_kernel(s);
    const arma::mat K = gram(k, A), C = cross_gram(k, A, B);
    EXPECT_TRUE(K.is_symmetric(0.0));
    double worst = 0.0;
    for (arma::uword i = 0; i < A.n_rows; ++i) {
      for (arma::uword j = 0; j < A.n_rows; ++j) {
        const double e = direct(k, A.row(i), A.row(j));
        worst = std::max(worst, std::abs(K(i, j) - e) / std::max(1.0, std::abs(e)));
      }
      for (arma::uword j = 0; j < B.n_rows; ++j) {
        const double e = direct(k, A.row(i), B.row(j));
        worst = std::max(worst, std::abs(C(i, j) - e) / std::max(1.0, std::abs(e)));
      }
    }
    EXPECT_LT(worst, 1e-13);
    if (is_radial(k)) {
      EXPECT_EQ(K(3, 5), 1.0);  // distance exactly zero
      EXPECT_EQ(C(3, 2), 1.0);
    }
  }
}

TEST(Gram, KernelParametersAreValidated) {
  KernelSettings s;
  s.bandwidth = 0.0;
  EXPECT_ANY_THROW(make_kernel(s));
  s.bandwidth = 1.0;
  s.name = "polynomial";
  s.offset = -1.0;
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
