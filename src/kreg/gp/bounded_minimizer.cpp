// The reverse-communication loop around L-BFGS-B's setulb (Fortran 77, liblbfgsb 3.0).
#include "kreg/gp/bounded_minimizer.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstring>
#include <stdexcept>
#include <vector>

#include "kreg/core/errors.h"

extern "C" {
// L-BFGS-B 3.0's driver routine (lbfgsb.f); gfortran passes the lengths of the two CHARACTER*60
// arguments (task, csave) as hidden trailing size_t values; LOGICAL is a 4-byte int.
void setulb_(const int* n, const int* m, double* x, const double* l, const double* u, const int* nbd, double* f,
             double* g, const double* factr, const double* pgtol, double* wa, int* iwa, char* task, const int* iprint,
             char* csave, int* lsave, int* isave, double* dsave, std::size_t task_length, std::size_t csave_length);
}

namespace kreg {

namespace {

constexpr std::size_t kTaskLength = 60;

struct Task {
  char text[kTaskLength];
  void set(const char* s) {
    std::memset(text, ' ', kTaskLength);
    std::memcpy(text, s, std::min(std::strlen(s), kTaskLength));
  }
  bool starts(const char* prefix) const { return std::strncmp(text, prefix, std::strlen(prefix)) == 0; }
  std::string str() const {
    std::string s(text, kTaskLength);
    return s.substr(0, s.find_last_not_of(' ') + 1);
  }
};

std::string count_text(int k, const char* what) { return std::to_string(k) + " " + what + (k == 1 ? "" : "s"); }

}  // namespace

MinimizeResult minimize_bounded(const BoundedObjective& f, const arma::vec& x0, const arma::vec& lower,
                                const arma::vec& upper, const MinimizeOptions& options) {
  const arma::uword dim = x0.n_elem;
  if (lower.n_elem != dim || upper.n_elem != dim)
    throw std::logic_error("minimize_bounded: x0 has " + std::to_string(dim) + " entries, the bounds " +
                           std::to_string(lower.n_elem) + " and " + std::to_string(upper.n_elem));
  if (dim == 0) throw std::logic_error("minimize_bounded: no variables");
  if (x0.has_nan() || lower.has_nan() || upper.has_nan())
    throw std::logic_error("minimize_bounded: NaN in x0 or the bounds");
  for (arma::uword i = 0; i < dim; ++i)
    if (lower(i) > upper(i) || lower(i) == INFINITY || upper(i) == -INFINITY)
      throw std::logic_error("minimize_bounded: the bounds of variable " + std::to_string(i + 1) + " are empty");
  if (options.memory < 1 || options.max_evaluations < 1 || options.max_iterations < 1 || !(options.factr >= 0.0) ||
      !(options.pgtol >= 0.0))
    throw std::logic_error(
        "minimize_bounded: memory, max_evaluations and max_iterations must be >= 1, factr and pgtol >= 0");

  const int n = static_cast<int>(dim), m = options.memory, iprint = -1;
  arma::vec x = arma::min(arma::max(x0, lower), upper);  // projected onto the box
  arma::vec l = lower, u = upper;
  std::vector<int> nbd(dim);
  for (arma::uword i = 0; i < dim; ++i) {
    const bool has_lower = std::isfinite(lower(i)), has_upper = std::isfinite(upper(i));
    nbd[i] = has_lower ? (has_upper ? 2 : 1) : (has_upper ? 3 : 0);
    if (!has_lower) l(i) = 0.0;
    if (!has_upper) u(i) = 0.0;
  }
  std::vector<double> wa(2 * static_cast<std::size_t>(m) * n + 5 * static_cast<std::size_t>(n) +
                         11 * static_cast<std::size_t>(m) * m + 8 * static_cast<std::size_t>(m));
  std::vector<int> iwa(3 * static_cast<std::size_t>(n));
  int lsave[4] = {0, 0, 0, 0};
  int isave[44] = {0};
  double dsave[29] = {0.0};
  Task task, csave;
  task.set("START");
  csave.set("");

  double value = 0.0, scale = 1.0, pgtol = options.pgtol;  // L-BFGS-B sees scale * f
  arma::vec g(dim, arma::fill::zeros);
  MinimizeResult r;
  bool have_accepted = false;   // x_k below
  arma::vec x_k, g_k;           // the last accepted point and its scaled gradient
  double f_k = 0.0;             // and scaled value
  BoundedPoint last, accepted;  // the function's own numbers at the last ok evaluation, at x_k
  auto accept = [&] {
    x_k = x;
    g_k = g;
    f_k = value;
    accepted = last;
    have_accepted = true;
  };
  const auto finish = [&](bool converged, const std::string& message) {
    r.x = x_k;
    r.value = accepted.value;
    r.gradient = accepted.gradient;
    r.converged = converged;
    r.message = message;
    return r;
  };

  while (true) {
    setulb_(&n, &m, x.memptr(), l.memptr(), u.memptr(), nbd.data(), &value, g.memptr(), &options.factr, &pgtol,
            wa.data(), iwa.data(), task.text, &iprint, csave.text, lsave, isave, dsave, kTaskLength, kTaskLength);
    if (task.starts("FG")) {
      if (r.evaluations >= options.max_evaluations)
        return finish(false, "stopped after " + count_text(r.evaluations, "evaluation") +
                                 " (the limit) without meeting the convergence tests");
      const bool start = task.starts("FG_START");
      BoundedPoint point = f(x);
      ++r.evaluations;
      const bool ok =
          point.ok && std::isfinite(point.value) && point.gradient.n_elem == dim && point.gradient.is_finite();
      if (!ok && point.ok)
        point.reason =
            point.gradient.n_elem != dim ? "the gradient has the wrong size" : "the value or gradient is not finite";
      if (ok) {
        if (start && options.scale_by_start_gradient) {
          const double largest = arma::abs(point.gradient).max();
          if (largest > 0.0 && std::isfinite(1.0 / largest)) scale = 1.0 / largest;
          pgtol = options.pgtol * scale;
        }
        value = scale * point.value;
        g = scale * point.gradient;
        last = point;
        if (start) accept();  // the first accepted point
      } else {
        ++r.failed_evaluations;
        if (!have_accepted)
          throw NumericalError("the minimisation cannot start: the objective is not defined at the starting point (" +
                               point.reason + ")");
        // The line search is told the function rises here, so that it steps back towards x_k.
        const double drop = std::abs(arma::dot(g_k, x - x_k));
        value = f_k + std::max(drop, 1e-8 * std::max(1.0, std::abs(f_k)));
        g = -g_k;
      }
      if (options.progress) {
        MinimizeProgress p;
        p.evaluation = r.evaluations;
        p.iteration = r.iterations;
        p.x = &x;
        p.value = ok ? point.value : INFINITY;
        p.ok = ok;
        p.best = accepted.value;
        options.progress(p);
      }
    } else if (task.starts("NEW_X")) {
      ++r.iterations;
      accept();
      if (r.iterations >= options.max_iterations)
        return finish(false, "stopped after " + count_text(r.iterations, "iteration") +
                                 " (the limit) without meeting the convergence tests");
    } else if (task.starts("CONV")) {
      const bool gradient = task.str().find("PROJECTED_GRADIENT") != std::string::npos;
      // The point setulb holds is the last accepted one (a NEW_X, or the start).
      return finish(true, gradient ? "converged: the projected gradient is below pgtol"
                                   : "converged: the relative decrease of the objective is below factr * epsilon");
    } else if (task.starts("ABNO")) {
      return finish(false,
                    "stopped: the line search found no lower point (rounding errors, or an objective that is "
                    "not smooth or not defined near the last point)");
    } else {
      throw std::logic_error("minimize_bounded: L-BFGS-B stopped with '" + task.str() + "'");
    }
  }
}

}  // namespace kreg
