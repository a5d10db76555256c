// The two penalties of the penalised methods (Allerbo 2023): P(alpha) = ||alpha||_1 (kl1) and
// P(alpha) = ||alpha||_inf (klinf), and what the solvers need of each: the norm, its dual norm
// (which gives lambda_max) and the proximal operator. Each function chooses by one switch over
// Penalty; Penalty::kNone, the penalty of the methods that have none, is a std::logic_error
// there (the penalised solvers are called only for kl1 and klinf).
#pragma once

#include <armadillo>
#include <vector>

#include "kreg/solvers/method_registry.h"

namespace kreg {

/// P(v): ||v||_1 (l1) or ||v||_inf (linf); 0 for an empty v.
double penalty_norm(Penalty pen, const arma::vec& v);
/// The dual norm of P: ||v||_inf (l1) or ||v||_1 (linf); 0 for an empty v.
double dual_norm(Penalty pen, const arma::vec& v);
/// lambda_max: the smallest lambda with alpha = 0 optimal, the dual norm of y: ||y||_inf (l1),
/// ||y||_1 (linf) (at alpha = 0 the residual is y, and 0 is optimal iff y lies in lambda times
/// the subdifferential of P at 0, the dual-norm ball).
double lambda_max(Penalty pen, const arma::vec& y);

/// prox of tau ||.||_1: soft-thresholding.
arma::vec prox_l1(const arma::vec& v, double tau);
/// prox of tau ||.||_inf = v - (projection of v on the l1 ball of radius tau) (Moreau);
/// its threshold by Michelot's iteration (O(n) per pass, a few passes; no sort).
arma::vec prox_linf(const arma::vec& v, double tau);
/// The same two, written into `out` (no allocation once it has the size; `scratch` for linf).
void prox_l1_into(const arma::vec& v, double tau, arma::vec& out);
void prox_linf_into(const arma::vec& v, double tau, arma::vec& out, std::vector<double>& scratch);
/// prox of tau P into `out`: prox_l1_into or prox_linf_into.
void prox_into(Penalty pen, const arma::vec& v, double tau, arma::vec& out, std::vector<double>& scratch);

/// The --method name of the penalised method with this penalty ("kl1", "klinf"), from the method table.
const char* penalised_method_name(Penalty pen);

/// Throws std::logic_error: Penalty::kNone reached `where`, which serves the penalised methods only.
[[noreturn]] void no_penalty(const char* where);

}  // namespace kreg
