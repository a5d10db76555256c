// Paths of the iterative methods: one run from alpha = 0 to t_max, recording chosen updates
// (t = k * step_size) with training and validation errors. By default the records are
// log-spaced in k from one update (t = step size) to t_max, so that the first steps, where
// sign and coordinate descent move fastest, are as visible as the long tail.
#pragma once

#include <vector>

#include "kreg/data/dataset.h"
#include "kreg/data/score.h"
#include "kreg/solvers/fit_settings.h"
#include "kreg/solvers/path_point.h"
#include "kreg/solvers/problem.h"

namespace kreg {

/// Runs settings.method (kgd, ksgd, kcd, kegd) for round(settings.t_max / step_size) updates,
/// recording the iterates `record_at` (increasing update counts; later ones than the run's
/// last are left out). The validation set (may be null) is standardised with the training
/// statistics; its errors include `score` (val_score, Huber's scale from train.y).
std::vector<PathPoint> descent_path(const Dataset& train, const Dataset* validation, const FitSettings& settings,
                                    const std::vector<long>& record_at, bool keep_alpha, const Score& score = Score{});
/// The same on a problem already built.
std::vector<PathPoint> descent_path(const Problem& problem, const std::vector<long>& record_at, bool keep_alpha,
                                    const Score& score = Score{});

/// Update counts 0, m, 2m, ... up to k_max (m >= 1).
std::vector<long> every_mth_update(long k_max, long m);
/// Update 0 and about `count` update counts log-spaced from 1 to k_max (distinct integers, so
/// fewer when k_max is small), k_max included.
std::vector<long> log_spaced_updates(long k_max, int count = 100);

}  // namespace kreg
