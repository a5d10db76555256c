// SpectralKgd: kgd in the eigenbasis of K (K = U diag(mu) U^T, a = U^T alpha): every update is
// O(n) (plus O(n_val n) for validation, computed a block of updates ahead by one matrix
// product), and long descending stretches are jumped over in closed form.
#include <algorithm>
#include <cmath>
#include <vector>

#include "kreg/solvers/descent_engine.h"
#include "kreg/spectral/spectrum.h"

namespace kreg::detail {

namespace {

// kgd in the eigenbasis: with a = U^T alpha, ytil = U^T y, each component follows
//   delta_j = gamma delta_j,prev + eta (ytil_j - mu_j (a_j [+ gamma delta_j,prev for Nesterov]))
// and the residual is r = U (ytil - mu a) + (y - U ytil).
class SpectralKgd : public Engine {
 public:
  SpectralKgd(const arma::mat& K, const arma::vec& y, const FitSettings& s, const arma::mat* Kv, const arma::vec* yv)
      : s_(s), gamma_(s.method_info().heavy_ball ? s.momentum : 0.0), yv_(yv), spec_(eigen_spectrum(K)) {
    ytil_ = spec_.U.t() * y;
    outside_sq_ = std::max(0.0, arma::dot(y, y) - arma::dot(ytil_, ytil_));
    a_.zeros(y.n_elem);
    delta_.zeros(y.n_elem);
    n_ = static_cast<double>(y.n_elem);
    if (Kv) {
      W_ = *Kv * spec_.U;
      W_norm_ = arma::sqrt(arma::sum(arma::square(W_), 0)).t();
    }
    // Per eigenvalue mu_j (plain kgd): rho_j = 1 - eta mu_j, l_j = -log(rho_j) / mu_j (-> eta as
    // mu_j -> 0), lam_j = -log(rho_j) >= 0.
    const double eta = s.step_size;
    ell_.set_size(y.n_elem);
    lam_.set_size(y.n_elem);
    for (arma::uword j = 0; j < y.n_elem; ++j) {
      const double mu = spec_.mu[j];
      lam_[j] = std::max(0.0, -std::log1p(-eta * mu));
      ell_[j] = mu > 0.0 && lam_[j] > 0.0 ? lam_[j] / mu : eta;
    }
  }

  void step(long) override {
    update_eigenbasis(a_.memptr(), delta_.memptr());
    ++k_;
  }

  double train_mse() const override { return (arma::accu(arma::square(ytil_ - spec_.mu % a_)) + outside_sq_) / n_; }

  // Validation MSEs are computed kBlock updates ahead: the coefficient recurrence is run on a
  // copy (the same operations as step(), so the same numbers), and the validation predictions
  // of the whole block come from one matrix product W [a(k) ... a(k + B - 1)] instead of B
  // matrix-vector products.
  double val_mse() const override {
    if (W_.is_empty()) return NAN;
    ahead_at_k();
    return mse_ahead_[static_cast<arma::uword>(k_ - ahead_start_)];
  }
  // The block's residuals: y_val less the settled components' predictions, less the moving ones'.
  void val_residuals(arma::vec& out) const override {
    ahead_at_k();
    out = base_ - F_.col(static_cast<arma::uword>(k_ - ahead_start_));
  }
  arma::vec snapshot() const override { return a_; }
  void snapshot_into(arma::vec& out) const override { out = a_; }
  arma::vec alpha_of(const arma::vec& snap) const override { return spec_.U * snap; }

  // Plain kgd (no momentum) from the current a: with e = ytil - mu a (the residual in the
  // eigenbasis), J more updates give a(J) = a + e o g(J), g_j(J) = (1 - rho_j^J) / mu_j <= J l_j,
  // rho_j = 1 - eta mu_j, l_j = -log(rho_j) / mu_j, and the validation residual
  // rv(J) = rv0 + Delta(J), Delta(J) = -W (e o g(J)), has rv'(J) = -W (e o l o rho^J). So
  //   E'(J) = 2 rv^T rv' = -2 sum_j b_j rho_j^J - 2 Delta^T rv',   b = (W^T rv0) o e o l,
  // and with 0 < rho_j^H <= rho_j^J <= 1 for J <= H, ||rv'|| <= D1, ||Delta|| <= H D1,
  // D1 = sum_j ||W_j|| |e_j| l_j:
  //   E'(J) <= U(H) = -2 sum_{b_j > 0} b_j rho_j^H + 2 sum_{b_j < 0} |b_j| + 2 H D1^2.
  // Where U(H) < 0, E falls strictly all along [0, H]: each of the H updates improves on the one
  // before. Asking U(H) < -kVisibleDecrease E(0) makes every improvement larger than rounding
  // could blur, so that a step-by-step run would see each one too. U grows with H: the largest
  // H is found by doubling from kMinJump, then bisection.
  long descending_steps(long limit) override {
    if (W_.is_empty() || gamma_ != 0.0 || limit < kMinJump) return 0;
    const arma::vec e = ytil_ - spec_.mu % a_;
    const arma::vec rv = *yv_ - W_ * a_;
    const arma::vec el = e % ell_;
    const arma::vec b = (W_.t() * rv) % el;
    const double d1 = arma::dot(W_norm_, arma::abs(el));
    const double tau = kVisibleDecrease * arma::dot(rv, rv);
    double against = 0.0;  // 2 sum_{b_j < 0} |b_j|
    for (arma::uword j = 0; j < b.n_elem; ++j)
      if (b[j] < 0.0) against -= 2.0 * b[j];
    auto descends = [&](long H) {
      const double h = static_cast<double>(H);
      double toward = 0.0;
      for (arma::uword j = 0; j < b.n_elem; ++j)
        if (b[j] > 0.0) toward += b[j] * std::exp(-h * lam_[j]);
      return -2.0 * toward + against + 2.0 * h * d1 * d1 < -tau;
    };
    long good = kMinJump;
    if (!descends(good)) return 0;
    long bad = -1;
    while (bad < 0) {
      const long next = std::min(limit, 2 * good);
      if (next == good) return good;
      if (descends(next))
        good = next;
      else
        bad = next;
    }
    for (int refine = 0; refine < 6 && bad - good > 1; ++refine) {
      const long mid = good + (bad - good) / 2;
      (descends(mid) ? good : bad) = mid;
    }
    return good;
  }

  // j updates at once, in closed form: a += e o g(j), g_j(j) = -expm1(j log1p(-eta mu_j)) / mu_j.
  void jump(long j) override {
    const double eta = s_.step_size, J = static_cast<double>(j);
    for (arma::uword i = 0; i < a_.n_elem; ++i) {
      const double mu = spec_.mu[i];
      const double g = mu != 0.0 ? -std::expm1(J * std::log1p(-eta * mu)) / mu : J * eta;
      a_[i] += (ytil_[i] - mu * a_[i]) * g;
    }
    delta_.zeros();  // no momentum: the previous step is not used
    k_ += j;
    ahead_start_ = -1;
  }

 private:
  static constexpr long kBlock = 64;
  static constexpr double kVisibleDecrease = 1e-13;

  // One update of (a, delta) in the eigenbasis.
  void update_eigenbasis(double* a, double* d) const {
    const double eta = s_.step_size, gamma = gamma_;
    const double* mu = spec_.mu.memptr();
    const double* yt = ytil_.memptr();
    const arma::uword n = a_.n_elem;
    for (arma::uword j = 0; j < n; ++j) {
      const double look = s_.nesterov ? a[j] + gamma * d[j] : a[j];
      d[j] = gamma * d[j] + eta * (yt[j] - mu[j] * look);
      a[j] += d[j];
    }
  }

  // The block ahead covers update k_.
  void ahead_at_k() const {
    if (ahead_start_ < 0 || k_ < ahead_start_ || k_ >= ahead_start_ + kBlock) fill_ahead();
  }

  // Without momentum a component whose update no longer changes it in floating point
  // (a_j + eta (ytil_j - mu_j a_j) == a_j) stays as it is for good: late in a long run most
  // components are such, and the block's product needs only the moving ones (the others add a
  // constant to the predictions).
  void fill_ahead() const {
    const arma::uword n = a_.n_elem;
    const double eta = s_.step_size;
    moving_.clear();
    for (arma::uword j = 0; j < n; ++j)
      if (gamma_ != 0.0 || s_.nesterov || a_[j] + eta * (ytil_[j] - spec_.mu[j] * a_[j]) != a_[j])
        moving_.push_back(j);
    const arma::uword m = moving_.size();
    base_ = *yv_;  // y_val minus the settled components' predictions
    if (m < n) {
      std::size_t q = 0;
      for (arma::uword j = 0; j < n; ++j) {
        if (q < m && moving_[q] == j) {
          ++q;
          continue;
        }
        if (a_[j] != 0.0) base_ -= a_[j] * W_.col(j);
      }
    }
    arma::vec a(m), d(m);
    for (arma::uword q = 0; q < m; ++q) a[q] = a_[moving_[q]], d[q] = delta_[moving_[q]];
    ahead_.set_size(m, kBlock);
    for (long b = 0; b < kBlock; ++b) {
      ahead_.col(static_cast<arma::uword>(b)) = a;
      advance_moving(a.memptr(), d.memptr());
    }
    // (With no component moving, every prediction is in base_ already.)
    F_ = m == n   ? arma::mat(W_ * ahead_)
         : m == 0 ? arma::mat(W_.n_rows, kBlock, arma::fill::zeros)
                  : arma::mat(W_.cols(arma::uvec(moving_)) * ahead_);
    const arma::mat& F = F_;
    mse_ahead_.set_size(kBlock);
    const double* yv = base_.memptr();
    for (long b = 0; b < kBlock; ++b) {
      const double* f = F.colptr(static_cast<arma::uword>(b));
      double sum = 0.0;
      for (arma::uword i = 0; i < F.n_rows; ++i) sum += (yv[i] - f[i]) * (yv[i] - f[i]);
      mse_ahead_[static_cast<arma::uword>(b)] = sum / static_cast<double>(F.n_rows);
    }
    ahead_start_ = k_;
  }

  // update_eigenbasis() on the moving components only (a and d hold them in moving_'s order).
  void advance_moving(double* a, double* d) const {
    const double eta = s_.step_size, gamma = gamma_;
    const double* mu = spec_.mu.memptr();
    const double* yt = ytil_.memptr();
    for (std::size_t q = 0; q < moving_.size(); ++q) {
      const arma::uword j = moving_[q];
      const double look = s_.nesterov ? a[q] + gamma * d[q] : a[q];
      d[q] = gamma * d[q] + eta * (yt[j] - mu[j] * look);
      a[q] += d[q];
    }
  }

  const FitSettings& s_;
  const double gamma_;  ///< the heavy-ball momentum: --momentum for a method with a heavy ball, else 0
  const arma::vec* yv_;
  Spectrum spec_;
  arma::vec ytil_, a_, delta_;
  arma::mat W_;
  arma::vec W_norm_, ell_, lam_;  // column norms of W; descending_steps' l_j and lam_j
  double outside_sq_ = 0.0, n_ = 1.0;
  long k_ = 0;                     // updates taken
  mutable long ahead_start_ = -1;  // the update whose MSE mse_ahead_[0] is
  mutable arma::mat ahead_, F_;    // the block's coefficients and validation predictions (moving part)
  mutable arma::vec mse_ahead_, base_;
  mutable std::vector<arma::uword> moving_;  // fill_ahead: the components still changing
};

}  // namespace

std::unique_ptr<Engine> make_spectral_kgd(const arma::mat& K, const arma::vec& y, const FitSettings& s,
                                          const arma::mat* Kv, const arma::vec* yv) {
  return std::make_unique<SpectralKgd>(K, y, s, Kv, yv);
}

}  // namespace kreg::detail
