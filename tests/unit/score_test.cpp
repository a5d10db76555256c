// The validation scores against numpy (tests/fixtures/make_score_fixture.py): MAE and Huber's
// loss of stored residual vectors, through metrics.h and score.h; and the scores' properties
// (names, the Huber scale, how each changes with the units of y).
#include "kreg/data/score.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "kreg/data/metrics.h"
#include "test_paths.h"

namespace kreg::test {
namespace {

nlohmann::json fixture() { return nlohmann::json::parse(read_text(source_path("tests/fixtures/score_fixture.json"))); }

TEST(Score, MaeAndHuberEqualNumpysOnStoredResiduals) {
  const auto cases = fixture().at("residual_cases");
  ASSERT_EQ(cases.size(), 4u);
  for (const auto& c : cases) {
    const arma::vec y(c.at("y").get<std::vector<double>>()), f(c.at("f").get<std::vector<double>>());
    const double scale = c.at("scale").get<double>(), delta = c.at("delta").get<double>();
    const double want_mae = c.at("mae").get<double>(), want_huber = c.at("huber").get<double>();
    SCOPED_TRACE("n " + std::to_string(y.n_elem) + ", delta " + std::to_string(delta));
    EXPECT_NEAR(mae(y, f), want_mae, 1e-14 * want_mae);
    EXPECT_NEAR(huber(y, f, scale, delta), want_huber, 1e-13 * want_huber);
    Score s;
    s.kind = ScoreKind::kMae;
    EXPECT_NEAR(score_value(s, y, f, scale), want_mae, 1e-14 * want_mae);
    EXPECT_NEAR(residual_score(s, y - f, scale), want_mae, 1e-14 * want_mae);
    s.kind = ScoreKind::kHuber;
    s.huber_delta = delta;
    EXPECT_NEAR(score_value(s, y, f, scale), want_huber, 1e-13 * want_huber);
    EXPECT_NEAR(residual_score(s, y - f, scale), want_huber, 1e-13 * want_huber);
    EXPECT_EQ(validation_errors(s, y, f, scale).score, score_value(s, y, f, scale));
  }
}

TEST(Score, HuberRhoIsQuadraticInsideTheThresholdAndLinearBeyond) {
  EXPECT_DOUBLE_EQ(huber_rho(0.5, 1.345), 0.125);
  EXPECT_DOUBLE_EQ(huber_rho(-1.345, 1.345), 0.5 * 1.345 * 1.345);
  EXPECT_DOUBLE_EQ(huber_rho(3.0, 1.0), 2.5);   // 1 * (3 - 1/2)
  EXPECT_DOUBLE_EQ(huber_rho(-3.0, 2.0), 4.0);  // 2 * (3 - 1)
  // Continuous with a continuous derivative at the threshold.
  const double d = 1.345, h = 1e-7;
  EXPECT_NEAR(huber_rho(d + h, d) - huber_rho(d, d), d * h, 1e-13);
  EXPECT_NEAR(huber_rho(d, d) - huber_rho(d - h, d), d * h, 1e-13);
}

TEST(Score, MseScoreIsTheMseAndUnitsScaleAsTheScoreSays) {
  const arma::vec y = {1.0, 2.0, 4.0, -3.0}, f = {0.5, 2.5, 1.0, 0.0};
  const double scale = 1.7;
  const Score mse_score;
  EXPECT_TRUE(mse_score.is_mse());
  const ValidationErrors v = validation_errors(mse_score, y, f, scale);
  EXPECT_EQ(v.score, mse(y, f));
  EXPECT_EQ(v.mse, mse(y, f));
  EXPECT_EQ(v.r2, r_squared(y, f));
  EXPECT_EQ(residual_score(mse_score, y - f, scale), mse(y, f));
  // y, f and the scale times c: mse by c^2, mae by c, huber unchanged.
  const double c = 3.5;
  for (ScoreKind kind : {ScoreKind::kMse, ScoreKind::kMae, ScoreKind::kHuber}) {
    Score s;
    s.kind = kind;
    s.huber_delta = 0.7;
    EXPECT_NEAR(score_value(s, c * y, c * f, c * scale), score_unit(kind, c) * score_value(s, y, f, scale),
                1e-12 * score_value(s, c * y, c * f, c * scale))
        << score_name(kind);
  }
}

TEST(Score, NamesParseAndTheHuberScaleIsThePopulationSd) {
  ScoreKind kind = ScoreKind::kMse;
  for (const std::string& name : score_names()) {
    ASSERT_TRUE(parse_score_kind(name, kind)) << name;
    EXPECT_EQ(score_name(kind), name);
  }
  EXPECT_EQ(score_names(), (std::vector<std::string>{"mse", "mae", "huber"}));
  EXPECT_FALSE(parse_score_kind("MAE", kind));
  EXPECT_FALSE(parse_score_kind("rmse", kind));
  const arma::vec y = {1.0, 3.0, 5.0, 7.0};  // mean 4, population variance (9 + 1 + 1 + 9) / 4 = 5
  EXPECT_DOUBLE_EQ(huber_scale(y), std::sqrt(5.0));
  EXPECT_EQ(huber_scale(arma::vec{2.0, 2.0, 2.0}), 1.0);  // constant targets: scale 1
}

}  // namespace
}  // namespace kreg::test
