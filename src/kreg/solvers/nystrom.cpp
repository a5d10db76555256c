// Nystrom kernel ridge regression by preconditioned conjugate gradients (see nystrom.h).
#include "kreg/solvers/nystrom.h"

#include <omp.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <mutex>
#include <random>
#include <string>

#include "kreg/core/errors.h"
#include "kreg/core/memory.h"
#include "kreg/core/number_text.h"
#include "kreg/core/progress.h"
#include "kreg/data/splits.h"
#include "kreg/kernels/gram.h"
#include "kreg/linalg/blas_threads.h"
#include "kreg/linalg/cholesky.h"
#include "kreg/linalg/lapack.h"
#include "kreg/linalg/matrix_vector.h"
#include "kreg/linalg/symmetric_eigen.h"
#include "kreg/solvers/fit_settings.h"

namespace kreg {

namespace {

// K_mm's eigenvalues below kRankFloor * m * (its largest) are left out of the preconditioner's
// basis (Falkon adds 1e-13 m to K_mm's diagonal in double precision for the same purpose).
constexpr double kRankFloor = 1e-13;

// Rows per kernel block of nystrom_predictions: the block (rows x m doubles, about 1 MiB)
// stays in a core's cache while it is multiplied.
arma::uword block_rows(arma::uword m) {
  return std::clamp<arma::uword>((arma::uword(1) << 17) / std::max<arma::uword>(m, 1), 16, 2048);
}

// The lower Cholesky factor of A + delta I with the smallest delta = 10^j * scale (j = 0, 1,
// ...; delta = 0 first unless `from_zero` is false) that factorises, at most 10^8 * scale;
// delta goes to `jitter`.
arma::mat jittered_cholesky(const arma::mat& A, double scale, double& jitter, const std::string& what,
                            bool from_zero = true) {
  const int m = static_cast<int>(A.n_rows);
  for (int j = from_zero ? -1 : 0; j <= 8; ++j) {
    const double delta = j < 0 ? 0.0 : scale * std::pow(10.0, j);
    arma::mat L = A;
    L.diag() += delta;
    if (cholesky_lower(m, L.memptr(), m) == 0) {
      jitter = delta;
      return L;
    }
  }
  throw NumericalError("nystrom: " + what + " is not positive definite even with " + readable_number(scale * 1e8) +
                       " added to its diagonal (the centres' kernel matrix is numerically singular: use fewer " +
                       "centres or a smaller bandwidth)");
}

// Row blocks of K_nm for forming G = K_nm^T K_nm: each is computed by all threads (row chunks
// of kKernelRows) and added to G's lower triangle by column blocks of kColumnBlock, one thread
// per column block, in block order: every entry of G gets its terms in the same order at any
// thread count.
constexpr arma::uword kKernelRows = 256;
constexpr int kColumnBlock = 256;

arma::uword gram_block_rows(arma::uword m) {
  // About 64 MiB per block, at least 512 rows (the products' inner dimension), at most 8,192.
  return std::clamp<arma::uword>((arma::uword(8) << 20) / std::max<arma::uword>(m, 1), 512, 8192);
}

}  // namespace

arma::uword default_centre_count(arma::uword n) { return std::min<arma::uword>(n, kDefaultCentres); }

arma::uvec uniform_centres(arma::uword n, arma::uword m, std::uint64_t seed) {
  if (m > n)
    throw ConfigError("centers", "more centres (" + std::to_string(m) + ") than rows (" + std::to_string(n) + ")");
  if (m == n) return arma::regspace<arma::uvec>(0, n == 0 ? 0 : n - 1).head(n);
  return arma::sort(seeded_permutation(n, seed).head(m));
}

struct NystromSystem::Parts {
  Parts(const Kernel& kernel, const arma::mat& Z, const arma::mat& C)
      : kernel(kernel), Z(Z), C(C), n(Z.n_rows), m(C.n_rows) {}
  const Kernel& kernel;
  const arma::mat& Z;
  const arma::mat& C;
  arma::uword n, m;
  arma::mat Kmm;    ///< K_mm
  arma::mat U;      ///< K_mm's eigenvectors with eigenvalue above the floor (m x r)
  arma::vec mu;     ///< their eigenvalues (r)
  arma::mat G;      ///< K_nm^T K_nm (m x m, symmetric)
  arma::mat Gr;     ///< U^T G U (r x r, symmetric)
  arma::vec knm_y;  ///< K_nm^T y
  // The direct route, made on first need: S U^T G U S = W diag(theta) W^T, S = diag(mu)^{-1/2}.
  std::once_flag pencil_once;
  arma::mat W;
  arma::vec theta;
  void make_pencil() {
    std::call_once(pencil_once, [this] {
      const arma::vec s = 1.0 / arma::sqrt(mu);
      W = Gr;
      W.each_col() %= s;
      W.each_row() %= s.t();
      theta.set_size(W.n_rows);
      if (symmetric_eigen_dc(static_cast<int>(W.n_rows), W.memptr(), theta.memptr()) != 0)
        throw NumericalError("nystrom: the eigendecomposition of the reduced normal matrix failed");
      theta = arma::clamp(theta, 0.0, HUGE_VAL);
    });
  }
};

namespace {

// G = K_nm^T K_nm and K_nm^T y in one pass over the rows (n m^2 flops in matrix products).
void form_normal_matrix(const Kernel& kernel, const arma::mat& Z, const arma::vec& y, const arma::mat& C, arma::mat& G,
                        arma::vec& knm_y) {
  const arma::uword n = Z.n_rows, m = C.n_rows, block = gram_block_rows(m);
  const arma::vec z_sq = row_squared_norms(kernel, Z), c_sq = row_squared_norms(kernel, C);
  G.zeros(m, m);
  knm_y.zeros(m);
  arma::mat Kb;
  const int mi = static_cast<int>(m), column_blocks = chunk_count(mi, kColumnBlock);
  ProgressStep progress("Nystrom normal matrix", static_cast<double>(n));
  const SingleBlasThread single;
  for (arma::uword s = 0; s < n; s += block) {
    const arma::uword e = std::min(n, s + block), rows = e - s;
    Kb.set_size(rows, m);
    const int pieces = chunk_count(static_cast<int>(rows), static_cast<int>(kKernelRows));
#pragma omp parallel num_threads(threads_for(std::max(pieces, column_blocks)))
    {
      arma::mat piece, A;
#pragma omp for schedule(dynamic, 1)
      for (int c = 0; c < pieces; ++c) {
        const arma::uword a = s + static_cast<arma::uword>(c) * kKernelRows, b = std::min(e, a + kKernelRows);
        A = Z.rows(a, b - 1);
        cross_gram_into(kernel, A, z_sq.subvec(a, b - 1), C, c_sq, piece);
        Kb.rows(a - s, b - s - 1) = piece;
      }
      // (the loop's barrier: Kb is complete) G += Kb^T Kb, lower triangle, by column blocks.
      const int ri = static_cast<int>(rows);
      const double one = 1.0;
#pragma omp for schedule(dynamic, 1)
      for (int jb = 0; jb < column_blocks; ++jb) {
        const int c0 = jb * kColumnBlock, width = std::min(kColumnBlock, mi - c0), rest = mi - c0 - width;
        lapack::dsyrk("L", "T", &width, &ri, &one, Kb.colptr(static_cast<arma::uword>(c0)), &ri, &one,
                      G.colptr(static_cast<arma::uword>(c0)) + c0, &mi);
        if (rest > 0)
          lapack::dgemm("T", "N", &rest, &width, &ri, &one, Kb.colptr(static_cast<arma::uword>(c0 + width)), &ri,
                        Kb.colptr(static_cast<arma::uword>(c0)), &ri, &one,
                        G.colptr(static_cast<arma::uword>(c0)) + c0 + width, &mi);
      }
    }
    const int ri = static_cast<int>(rows), one_i = 1;
    const double one = 1.0;
    lapack::dgemv("T", &ri, &mi, &one, Kb.memptr(), &ri, y.memptr() + s, &one_i, &one, knm_y.memptr(), &one_i);
    progress.advance(static_cast<double>(rows));
  }
  G = arma::symmatl(G);
}

}  // namespace

NystromSystem::NystromSystem(const Kernel& kernel, const arma::mat& Z, const arma::vec& y, const arma::mat& C) {
  const arma::uword n = Z.n_rows, m = C.n_rows;
  if (m == 0 || n == 0) throw DataError("nystrom: no rows or no centres");
  const double md = static_cast<double>(m);
  require_memory(8.0 * (5.0 * md * md + static_cast<double>(gram_block_rows(m)) * md),
                 "five " + std::to_string(m) + " x " + std::to_string(m) + " matrices",
                 "use fewer centres (--centers)");
  parts_ = std::make_unique<Parts>(kernel, Z, C);
  Parts& P = *parts_;
  P.Kmm = gram(kernel, C);
  // K_mm = U diag(mu) U^T; directions with mu below the floor are left out (numerical rank r).
  arma::mat V = P.Kmm;
  arma::vec w(m);
  const int mi = static_cast<int>(m);
  if (symmetric_eigen_dc(mi, V.memptr(), w.memptr()) != 0)
    throw NumericalError("nystrom: the eigendecomposition of the centres' kernel matrix failed");
  const double floor = kRankFloor * md * std::max(w.max(), 0.0);
  const arma::uvec keep = arma::find(w > floor);
  if (keep.is_empty()) throw NumericalError("nystrom: the centres' kernel matrix is zero");
  P.U = V.cols(keep);
  P.mu = w.elem(keep);
  form_normal_matrix(kernel, Z, y, C, P.G, P.knm_y);
  P.Gr = P.U.t() * P.G * P.U;
  P.Gr = arma::symmatl(P.Gr);  // exactly symmetric
}

NystromSystem::~NystromSystem() = default;

arma::uword NystromSystem::rank() const { return parts_->mu.n_elem; }

double NystromSystem::largest_mu() const { return parts_->mu.max(); }

arma::vec NystromSystem::pencil_eigenvalues() const {
  parts_->make_pencil();
  return parts_->theta;
}

arma::mat NystromSystem::normal_matrix(double lambda) const { return parts_->G + lambda * parts_->Kmm; }

NystromSolution NystromSystem::solve(const NystromOptions& options, const arma::vec& warm_start) const {
  const Parts& P = *parts_;
  const double md = static_cast<double>(P.m), nd = static_cast<double>(P.n);
  const double lambda = options.lambda;
  NystromSolution out;
  out.rank = P.mu.n_elem;

  // B = U diag(d): d_j = 1 / sqrt(n mu_j (mu_j / m + lambda / n)), Falkon's L^{-T} R^{-T} / sqrt(n)
  // for the factor L = U diag(sqrt(mu)) of K_mm, whose L^T L / m + lambda / n is diagonal.
  const arma::vec d = 1.0 / arma::sqrt(nd * P.mu % (P.mu / md + lambda / nd));
  // The preconditioned operator B^T H B = D (U^T G U + lambda diag(mu)) D, r x r.
  arma::mat op = P.Gr;
  op.diag() += lambda * P.mu;
  op.each_col() %= d;
  op.each_row() %= d.t();
  const arma::vec b = d % (P.U.t() * P.knm_y);
  const double b_norm = arma::norm(b);
  arma::vec beta(P.mu.n_elem, arma::fill::zeros), r = b;
  if (!warm_start.empty() && b_norm > 0.0) {  // beta = B^+ alpha
    beta = (P.U.t() * warm_start) / d;
    r = b - symmetric_times_of(op, beta);
  }

  // The residual of (N) itself, H = G + lambda K_mm never formed: what --tol bounds.
  const double rhs_norm = arma::norm(P.knm_y);
  auto residual = [&](const arma::vec& alpha) {
    const arma::vec h = symmetric_times_of(P.G, alpha) + lambda * symmetric_times_of(P.Kmm, alpha);
    return rhs_norm > 0.0 ? arma::norm(P.knm_y - h) / rhs_norm : 0.0;
  };

  // Conjugate gradients (Hestenes & Stiefel 1952) on B^T H B beta = B^T K_nm^T y. They stop on
  // the preconditioned residual r = B^T (K_nm^T y - H alpha) as they update it; tol bounds the
  // residual of (N) itself, which can be larger (B scales directions by up to 1 / mu_j, and the
  // updated r drifts from the true one by rounding, most at small lambda). So when r reaches its
  // goal, the residual of (N) is computed afresh; while it is still above tol, the iteration
  // restarts from the recomputed r with a goal lowered by the factor still missing, until tol is
  // reached, max_iter is spent, or a restart no longer lowers the residual (rounding's floor).
  out.alpha = P.U * (d % beta);
  out.relative_residual = residual(out.alpha);
  out.converged = out.relative_residual <= options.tol;
  if (b_norm > 0.0 && !out.converged) {
    double goal = options.tol * b_norm;
    for (;;) {
      arma::vec p = r;
      double rr = arma::dot(r, r);
      while (std::sqrt(rr) > goal && out.iterations < options.max_iter) {
        if ((out.iterations & 255) == 0) progress_pulse();
        const arma::vec q = symmetric_times_of(op, p);
        const double pq = arma::dot(p, q);
        if (!(pq > 0.0)) {  // B^T H B not positive along p: rounding has the upper hand (lambda = 0)
          out.breakdown = true;
          break;
        }
        const double step = rr / pq;
        beta += step * p;
        r -= step * q;
        const double rr_next = arma::dot(r, r);
        p = r + (rr_next / rr) * p;
        rr = rr_next;
        ++out.iterations;
      }
      const double before = out.relative_residual;
      out.alpha = P.U * (d % beta);
      out.relative_residual = residual(out.alpha);
      out.converged = out.relative_residual <= options.tol;
      if (out.converged || out.breakdown || out.iterations >= options.max_iter || !(out.relative_residual < before))
        break;
      r = b - symmetric_times_of(op, beta);
      goal = std::min(goal, arma::norm(r)) * 0.5 * (options.tol / out.relative_residual);
    }
  }

  if (!out.converged && lambda > 0.0) {
    // Short of tol (a small lambda: B^T H B's condition number grows as 1 / lambda). In the
    // variables alpha = U S w, (N) is (S U^T G U S + lambda I) w = S U^T K_nm^T y, solved
    // directly from one eigendecomposition, exact to rounding at every lambda > 0.
    const arma::vec direct = direct_solve(lambda);
    const double direct_residual = residual(direct);
    if (direct_residual < out.relative_residual) {
      out.alpha = direct;
      out.relative_residual = direct_residual;
      out.direct = true;
    }
  }
  return out;
}

arma::vec NystromSystem::direct_solve(double lambda) const {
  Parts& P = *parts_;
  P.make_pencil();
  const arma::vec s = 1.0 / arma::sqrt(P.mu);
  const arma::vec b = P.W.t() * (s % (P.U.t() * P.knm_y));
  return P.U * (s % (P.W * (b / (P.theta + lambda))));
}

arma::vec NystromSystem::fitted(const arma::vec& alpha) const {
  return nystrom_predictions(parts_->kernel, parts_->Z, parts_->C, alpha).col(0);
}

const arma::mat& NystromSystem::basis() const { return parts_->U; }

arma::mat NystromSystem::reduced_normal_matrix(double lambda) const {
  arma::mat h = parts_->Gr;
  h.diag() += lambda * parts_->mu;
  return h;
}

NystromSolution solve_nystrom(const Kernel& kernel, const arma::mat& Z, const arma::vec& y, const arma::mat& C,
                              const NystromOptions& options, const arma::vec& warm_start) {
  const NystromSystem system(kernel, Z, y, C);
  NystromSolution out = system.solve(options, warm_start);
  out.fitted = system.fitted(out.alpha);
  return out;
}

arma::mat nystrom_predictions(const Kernel& kernel, const arma::mat& X, const arma::mat& C, const arma::mat& A) {
  arma::mat out(X.n_rows, A.n_cols);
  const arma::uword block = block_rows(C.n_rows);
  const arma::vec c_sq = row_squared_norms(kernel, C);
  const int chunks = chunk_count(static_cast<int>(X.n_rows), static_cast<int>(block));
  const SingleBlasThread single;
#pragma omp parallel num_threads(threads_for(chunks))
  {
    arma::mat G, rows;
#pragma omp for schedule(dynamic, 1)
    for (int c = 0; c < chunks; ++c) {
      const arma::uword s = static_cast<arma::uword>(c) * block, e = std::min(X.n_rows, s + block);
      rows = X.rows(s, e - 1);
      cross_gram_into(kernel, rows, row_squared_norms(kernel, rows), C, c_sq, G);
      out.rows(s, e - 1) = G * A;
    }
  }
  return out;
}

arma::uvec leverage_centres(const Kernel& kernel, const arma::mat& Z, arma::uword m, double lambda,
                            std::uint64_t seed) {
  const arma::uword n = Z.n_rows;
  if (m >= n) return uniform_centres(n, m, seed);
  const arma::mat C = Z.rows(uniform_centres(n, m, seed));
  // l_i = k_i^T U (U^T H U)^{-1} U^T k_i, H = K_nm^T K_nm + lambda K_mm on the pilot: with
  // U^T H U = L_H L_H^T, l_i = ||L_H^{-1} U^T k_i||^2.
  arma::mat U, LH;
  {
    const arma::vec zeros(n, arma::fill::zeros);
    const NystromSystem pilot(kernel, Z, zeros, C);
    U = pilot.basis();
    double jitter = 0.0;
    const arma::mat h = pilot.reduced_normal_matrix(lambda);
    LH = jittered_cholesky(
        h,
        static_cast<double>(h.n_rows) * std::numeric_limits<double>::epsilon() * std::max(arma::max(h.diag()), 1e-300),
        jitter, "the pilot's normal matrix");
  }
  // l_i = ||L_H^{-1} k_i||^2, rows in blocks.
  arma::vec score(n);
  const arma::uword block = block_rows(m);
  const arma::vec z_sq = row_squared_norms(kernel, Z), c_sq = row_squared_norms(kernel, C);
  const int chunks = chunk_count(static_cast<int>(n), static_cast<int>(block));
  ProgressStep progress("leverage scores", static_cast<double>(n));
  const SingleBlasThread single;
#pragma omp parallel num_threads(threads_for(chunks))
  {
    arma::mat G, A, Gt;
#pragma omp for schedule(dynamic, 1)
    for (int c = 0; c < chunks; ++c) {
      const arma::uword s = static_cast<arma::uword>(c) * block, e = std::min(n, s + block);
      A = Z.rows(s, e - 1);
      cross_gram_into(kernel, A, z_sq.subvec(s, e - 1), C, c_sq, G);
      Gt = U.t() * G.t();  // r x rows, then L_H^{-1} of it
      const int ri = static_cast<int>(Gt.n_rows), cols = static_cast<int>(e - s);
      const double one = 1.0;
      lapack::dtrsm("L", "L", "N", "N", &ri, &cols, &one, LH.memptr(), &ri, Gt.memptr(), &ri);
      score.subvec(s, e - 1) = arma::sum(arma::square(Gt), 0).t();
      progress.advance(static_cast<double>(e - s));
    }
  }
  // Weighted sampling without replacement: the m largest keys u^(1/l), computed as log(u) / l.
  std::mt19937_64 rng(seed + 1);
  arma::vec key(n);
  for (arma::uword i = 0; i < n; ++i) {
    const double u = (static_cast<double>(rng() >> 11) + 0.5) * 0x1.0p-53;  // in (0, 1), portable
    key[i] = score[i] > 0.0 ? std::log(u) / score[i] : -HUGE_VAL;
  }
  const arma::uvec order = arma::stable_sort_index(key, "descend");
  return arma::sort(order.head(m));
}

}  // namespace kreg
