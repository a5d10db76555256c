// Progress lines; "\r" + "ESC[K" erases the terminal line.
#include "progress.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace kreg::cli {

namespace {
constexpr double kTerminalDelay = 2.0;   // seconds of a run before the terminal line appears
constexpr double kTerminalRedraw = 0.1;  // seconds between redraws
}  // namespace

std::string duration_text(double s) {
  char buf[32];
  if (s < 60.0)
    std::snprintf(buf, sizeof buf, "%.1f s", s);
  else if (s < 3600.0)
    std::snprintf(buf, sizeof buf, "%d min %02d s", static_cast<int>(s / 60.0), static_cast<int>(std::fmod(s, 60.0)));
  else
    std::snprintf(buf, sizeof buf, "%d h %02d min", static_cast<int>(s / 3600.0),
                  static_cast<int>(std::fmod(s, 3600.0) / 60.0));
  return buf;
}

ProgressPrinter::ProgressPrinter(std::ostream& err, Mode mode, std::string label, double every)
    : err_(err), mode_(mode), label_(std::move(label)), every_(every), start_(std::chrono::steady_clock::now()) {}

ProgressPrinter::~ProgressPrinter() { finish(); }

double ProgressPrinter::since_start() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

void ProgressPrinter::on_progress(const std::string& step, double fraction, double seconds) {
  if (mode_ == Mode::kOff) return;
  const double now = since_start();
  if (mode_ == Mode::kTerminal && (now < kTerminalDelay || now - last_ < kTerminalRedraw)) return;
  const int percent = fraction < 0.0 ? -1 : static_cast<int>(fraction * 100.0);  // -1: a step of unknown length
  // A line every --progress-every seconds while a step runs, whether or not its percentage
  // moved: a long stretch inside one unit of work still shows the time going by.
  // (At most ten lines a second when the percentage stands still, whatever the interval.)
  // A step of unknown length (percent -1) says something new at each report (an optimiser's
  // evaluation): every one is printed when --progress-every allows.
  if (mode_ == Mode::kLines &&
      (now - last_ < every_ ||
       (percent >= 0 && percent == last_percent_ && now - last_ < std::max(every_, kTerminalRedraw))))
    return;
  last_ = now;
  last_percent_ = percent;
  std::string text = label_ + ": " + step + (percent >= 0 ? " " + std::to_string(percent) + "%" : std::string()) +
                     " (" + duration_text(seconds) + " elapsed";
  if (fraction >= 0.01 && fraction < 1.0)
    text += ", about " + duration_text(seconds * (1.0 - fraction) / fraction) + " left";
  text += ")";
  if (mode_ == Mode::kTerminal) {
    err_ << "\r" << text << "\033[K" << std::flush;
    drawn_ = true;
  } else {
    err_ << text << "\n" << std::flush;
    printed_in_step_ = true;
  }
}

void ProgressPrinter::on_step_end(const std::string& step, double seconds) {
  if (mode_ == Mode::kTerminal) finish();
  if (mode_ == Mode::kLines && (printed_in_step_ || seconds >= every_))
    err_ << label_ << ": " << step << " done in " << duration_text(seconds) << "\n" << std::flush;
  printed_in_step_ = false;
  last_percent_ = -1;
}

void ProgressPrinter::finish() {
  if (!drawn_) return;
  err_ << "\r\033[K" << std::flush;
  drawn_ = false;
}

}  // namespace kreg::cli
