// Sums of a few columns of a matrix, a dot product and the vector updates of the descent and
// homotopy solvers, in loops compiled for portable x86-64 and for AVX2, the copy chosen at run time
// (kreg/core/cpu_dispatch.h). They read each column once and the target a quarter as often
// as one column at a time would.
#pragma once

#include <armadillo>
#include <cstddef>

namespace kreg {

/// out[i] += sum_q w[q] M(i, cols[q]) for q < count (M's column cols[q]; four per pass over out).
void add_weighted_columns(const arma::mat& M, const arma::uword* cols, const double* w, std::size_t count, double* out);

/// The same on the rows [begin, end) of M and out only (the same sums and rounding there).
void add_weighted_columns_rows(const arma::mat& M, const arma::uword* cols, const double* w, std::size_t count,
                               arma::uword begin, arma::uword end, double* out);

/// The same for two weight vectors in one pass over the columns: out1 from w1, out2 from w2 (each
/// with the sums and rounding of add_weighted_columns).
void add_weighted_columns_pair(const arma::mat& M, const arma::uword* cols, const double* w1, const double* w2,
                               std::size_t count, double* out1, double* out2);

/// add_weighted_columns_pair on the rows [begin, end) only.
void add_weighted_columns_pair_rows(const arma::mat& M, const arma::uword* cols, const double* w1, const double* w2,
                                    std::size_t count, arma::uword begin, arma::uword end, double* out1,
                                    double* out2);

/// sum_i x[i] y[i] for i < n, in four running sums (i mod 4) added in a fixed order.
double dot_product(arma::uword n, const double* x, const double* y);

/// sums[c] = dot_product(n, x[c], y) for c < 4, bit for bit, in one interleaved pass (several
/// times faster than four calls where the data are near: one call's four sums wait on each other).
void dot_products_four(arma::uword n, const double* const* x, const double* y, double* sums);

/// sums[0] = sum_i x[i] y1[i] and sums[1] = sum_i x[i] y2[i] for i < n, reading x once (eight
/// running sums each, i mod 8, added in a fixed order).
void dot_product_pair(arma::uword n, const double* x, const double* y1, const double* y2, double* sums);

/// y[i] += a x[i] for i < n.
void add_scaled(arma::uword n, double a, const double* x, double* y);

/// Momentum's update of an iterate and its step: step[i] = gamma step[i] + d[i], then
/// iterate[i] += sign step[i] (sign = +1 or -1), for i < n.
void momentum_update(arma::uword n, double gamma, const double* d, double* step, double sign, double* iterate);

}  // namespace kreg
