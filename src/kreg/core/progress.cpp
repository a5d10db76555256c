// Progress steps: an atomic count of work, reported to the listener under a try-lock so that
// worker threads never wait for the printing.
#include "kreg/core/progress.h"

#include <chrono>
#include <mutex>

namespace kreg {

namespace {

ProgressListener* g_listener = nullptr;
std::mutex g_report;
thread_local int t_depth = 0;  // steps open on this thread
std::atomic<int> g_open{0};    // steps open anywhere (the outermost reports)
std::atomic<ProgressStep*> g_reporting{nullptr};  // the step that reports, for progress_pulse

constexpr double kScale = 1099511627776.0;  // 2^40 units of work per step

double now_seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

}  // namespace

void set_progress_listener(ProgressListener* listener) { g_listener = listener; }

ProgressStep::ProgressStep(std::string name, double total_work)
    : listener_(nullptr), name_(std::move(name)), total_(total_work > 0.0 ? total_work : 1.0), start_(now_seconds()) {
  // Only a step opened when no other is open reports: the others are parts of it.
  if (g_listener != nullptr && t_depth == 0) {
    if (g_open.fetch_add(1) == 0) {
      listener_ = g_listener;
      g_reporting.store(this);
    } else
      g_open.fetch_sub(1);
  }
  ++t_depth;
}

ProgressStep::ProgressStep(std::string name) : ProgressStep(std::move(name), 1.0) {}

void ProgressStep::note(const std::string& detail) {
  if (listener_ == nullptr) return;
  std::unique_lock<std::mutex> lock(g_report, std::try_to_lock);
  if (!lock.owns_lock()) return;
  listener_->on_progress(name_ + ": " + detail, -1.0, now_seconds() - start_);
}

ProgressStep::~ProgressStep() {
  --t_depth;
  if (listener_ == nullptr) return;
  g_reporting.store(nullptr);
  {
    std::lock_guard<std::mutex> lock(g_report);
    listener_->on_step_end(name_, now_seconds() - start_);
  }
  g_open.fetch_sub(1);
}

void ProgressStep::advance(double work) {
  if (listener_ == nullptr) return;
  const long long add = static_cast<long long>(work / total_ * kScale);
  const long long done = done_.fetch_add(add) + add;
  std::unique_lock<std::mutex> lock(g_report, std::try_to_lock);
  if (!lock.owns_lock()) return;  // another thread is reporting; the next advance will
  const double fraction = static_cast<double>(done) / kScale;
  listener_->on_progress(name_, fraction < 1.0 ? fraction : 1.0, now_seconds() - start_);
}

void progress_pulse() {
  ProgressStep* step = g_reporting.load(std::memory_order_relaxed);
  if (step != nullptr) step->advance(0.0);
}

}  // namespace kreg
