// Paths of the iterative methods: one run from alpha = 0 to t_max, recording every
// `record_every` updates (t = k * step_size) with training and validation errors.
#pragma once

#include <vector>

#include "kreg/data/dataset.h"
#include "kreg/data/score.h"
#include "kreg/solvers/fit_settings.h"
#include "kreg/solvers/path_point.h"

namespace kreg {

/// Runs settings.method (kgd, ksgd, kcd, kegd) for round(settings.t_max / step_size) updates.
/// The validation set (may be null) is standardised with the training statistics; its errors
/// include `score` (val_score, Huber's scale from train.y).
std::vector<PathPoint> descent_path(const Dataset& train, const Dataset* validation, const FitSettings& settings,
                                    long record_every, bool keep_alpha, const Score& score = Score{});

}  // namespace kreg
