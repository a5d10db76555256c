#include "kreg/solvers/paper_solver.h"

#include "kreg/core/progress.h"

#include <cmath>

#include "kreg/linalg/blas_threads.h"
#include "kreg/solvers/penalty.h"

namespace kreg {

std::vector<ProxResult> solve_paper_grid(const arma::mat& K, const arma::vec& y, Penalty pen,
                                         const std::vector<double>& lambdas, double step, long max_iter, double tol) {
  const SingleBlasThread single;  // callers run grids in parallel (cv's tasks)
  const arma::uword n = y.n_elem;
  const arma::uword count = lambdas.size();
  arma::mat alpha(n, count, arma::fill::zeros);
  arma::mat previous(n, count, arma::fill::ones);
  std::vector<ProxResult> out(count);
  std::vector<arma::uword> running(count);
  for (arma::uword j = 0; j < count; ++j) running[j] = j;
  arma::mat Ka_running(n, count, arma::fill::zeros);  // K alpha of the running columns, in order
  arma::vec v(n), next;
  std::vector<double> scratch;
  for (long k = 1; k <= max_iter && !running.empty(); ++k) {
    if ((k & 255) == 0) progress_pulse();
    std::vector<arma::uword> still;
    for (arma::uword r = 0; r < running.size(); ++r) {
      const arma::uword j = running[r];
      const double* a = alpha.colptr(j);
      const double* ka = Ka_running.colptr(r);
      for (arma::uword i = 0; i < n; ++i) v[i] = a[i] + step * (y[i] - ka[i]);
      prox_into(pen, v, step * lambdas[j], next, scratch);
      // numpy's allclose(previous, next, rtol=tol, atol=tol): relative to the new iterate.
      const double* p = previous.colptr(j);
      bool agree = true;
      for (arma::uword i = 0; i < n && agree; ++i) agree = std::abs(p[i] - next[i]) <= tol + tol * std::abs(next[i]);
      alpha.col(j) = next;
      previous.col(j) = next;
      out[j].iterations = k;
      if (agree)
        out[j].converged = true;
      else
        still.push_back(j);
    }
    running.swap(still);
    if (running.empty()) break;
    arma::mat running_alpha(n, running.size());
    for (arma::uword r = 0; r < running.size(); ++r) running_alpha.col(r) = alpha.col(running[r]);
    Ka_running = K * running_alpha;  // BLAS-3 over the lambdas still running
  }
  const arma::mat Ka = K * alpha;
  for (arma::uword j = 0; j < count; ++j) {
    out[j].alpha = alpha.col(j);
    out[j].kkt = kkt_violation(Ka.col(j), y, out[j].alpha, pen, lambdas[j]);
    out[j].objective = penalized_objective(Ka.col(j), y, out[j].alpha, pen, lambdas[j]);
  }
  return out;
}

}  // namespace kreg
