// The authors' solver for the l1- and l_inf-penalised kernel regressions of Allerbo (2023),
// arXiv 2306.16838 (`--solver paper`), step for step as their code runs it: proximal gradient
// with a fixed step from alpha = 0 for every lambda, stopped by numpy's allclose on successive
// iterates or after max_iter steps -- usually long before the optimum (proximal.h has the
// converged solvers).
#pragma once

#include <armadillo>
#include <vector>

#include "kreg/solvers/method_registry.h"
#include "kreg/solvers/proximal.h"

namespace kreg {

/// For every lambda (effective units; the prox threshold is step * lambda):
///   alpha_0 = 0;  alpha_k = prox_{step lambda P}(alpha_{k-1} - step (K alpha_{k-1} - y)),
/// stopped after the first step k where every |prev_i - alpha_k,i| <= tol + tol |alpha_k,i|
/// (prev = alpha_{k-1}, and a vector of ones for k = 1, as the authors initialise it), or after
/// max_iter steps (converged = false). The lambdas are iterated together, so that each step is
/// one matrix-matrix product K [alpha(lambda_1) ...] over the lambdas still running; each
/// lambda's iterates are those of its own run.
std::vector<ProxResult> solve_paper_grid(const arma::mat& K, const arma::vec& y, Penalty pen,
                                         const std::vector<double>& lambdas, double step, long max_iter, double tol);

}  // namespace kreg
