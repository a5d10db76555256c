// The four kinds of picture, each a Chart built from a kreg table (plot_table.h). Each throws
// DataError, naming the table, when nothing in it can be drawn (no finite value in a column
// the picture needs); rows with a missing or non-finite value are left out and counted in a note.
#pragma once

#include "kreg/plot/chart.h"
#include "kreg/plot/plot_request.h"
#include "kreg/plot/plot_table.h"

namespace kreg {

/// kreg cv: mean validation error with +-1 SE bars against lambda (or t) on a log axis, the
/// min and 1se choices marked and labelled (glmnet's picture). With kernel parameters on the
/// grid too: one curve per kernel point (the chosen ones in colour, others in grey when there
/// are more than five), and a second panel with the best error over lambda against the first
/// varying kernel parameter, the choices marked there too. Early-stopping tables (t chosen per
/// kernel point): the error against the kernel parameter.
Chart cv_chart(const PlotTable& table, const PlotRequest& request);
/// kreg path: training and validation error against lambda or t; df (or, for kl1 and klinf,
/// the number of non-zero coefficients) in a second panel; points that did not converge marked;
/// the smallest validation error and the request's choices marked.
Chart path_chart(const PlotTable& table, const PlotRequest& request);
/// kreg loo: LOO MSE with +-1 SE bars and GCV against lambda, and the log evidence in a second
/// panel, each optimum marked with its df.
Chart loo_chart(const PlotTable& table, const PlotRequest& request);
/// kreg predict: predicted against actual values with the diagonal (intervals as bars when the
/// table has lower and upper), and residuals against predictions.
Chart predictions_chart(const PlotTable& table, const PlotRequest& request);

}  // namespace kreg
