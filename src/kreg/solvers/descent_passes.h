// The vectorised inner loops of the descent updates (run_descent's engines): each reads and
// writes the n-vectors once per update.
#pragma once

#include <armadillo>
#include <cstddef>
#include <cstdint>

namespace kreg::detail {

/// max_i |r_i|.
double max_abs(const double* r, arma::uword n);

/// kcd's search for the leading coordinates: sixteen lanes (lane l sees the coordinates
/// i = l mod 16; independent lanes keep the comparison chains short) keep their largest |r_i|,
/// its first index and whether it was tied in the lane.
struct LaneMaxima {
  static constexpr arma::uword kLanes = 16;
  double best[kLanes];
  arma::uword where[kLanes];
  bool tied[kLanes];
};

/// Fills `out` from |r|. With `col`, first applies r_i -= v col_i in the same pass (kcd's update
/// followed by the next update's search: r is read and written once).
void scan_lanes(double* r, arma::uword n, const double* col, double v, LaneMaxima& out);

/// ksgd's update in one pass (see descent_passes.cpp):
///   ks_j += sum_c deltas[c] columns[c][j];  alpha_j += eta sign_j;  r_j -= eta ks_j;
///   new_sign_j = sign(r_j);  bit j of `changed_bits` set when new_sign_j != sign_j.
void fused_ksgd_pass(arma::uword n, const double* const* columns, const double* deltas, std::size_t n_columns,
                     double eta, const double* sign, double* ks, double* alpha, double* r, double* new_sign,
                     std::uint64_t* changed_bits);

}  // namespace kreg::detail
