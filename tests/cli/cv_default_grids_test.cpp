// `kreg cv` without grid options: the grids come from the data and are printed; an axis the
// data chose grows where the best point sits on its end; an axis the user held at one value is
// named with the grid option that would search it.
#include <gtest/gtest.h>

#include <cmath>
#include <nlohmann/json.hpp>

#include "cli_runner.h"
#include "test_paths.h"

using namespace kreg::test;

namespace {
const std::string kCalifornia = source_path("tests/fixtures/california_train.csv");
}

TEST(CvDefaultGrids, NoGridOptionsSearchAGridFromTheDataAndSayWhich) {
  const std::string dir = scratch_dir();
  const CliResult r = run_cli({"cv", "--data", kCalifornia, "--target", "MedHouseVal", "--folds", "5", "--output",
                               dir + "/cv.csv", "--best", dir + "/best.json"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("bandwidth grid: "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("from the data (two per decade around the median distance"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("lambda grid: 41 values from "), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find(" 1 grid points"), std::string::npos) << r.out;
  // The table holds at least the 5 x 41 starting grid, and the best point is inside it.
  const std::string table = read_text(dir + "/cv.csv");
  EXPECT_GE(count_lines(table), 1 + 5 * 41);
  const auto best = nlohmann::json::parse(read_text(dir + "/best.json"));
  EXPECT_NE(best["min"]["bandwidth"].get<double>(), 1.0);
  EXPECT_EQ(r.err.find("held at"), std::string::npos) << r.err;
}

TEST(CvDefaultGrids, TheSameRunTwiceGivesTheSameBytes) {
  const std::string dir = scratch_dir();
  for (const char* name : {"/a.csv", "/b.csv"})
    ASSERT_EQ(run_cli({"cv", "--data", kCalifornia, "--target", "MedHouseVal", "--folds", "3", "--output", dir + name,
                       "--quiet"})
                  .status,
              0);
  EXPECT_EQ(read_text(dir + "/a.csv"), read_text(dir + "/b.csv"));
}

TEST(CvDefaultGrids, AnAxisHeldAtOneValueIsNamedWithTheGridThatWouldSearchIt) {
  const std::string dir = scratch_dir();
  const CliResult r = run_cli({"cv", "--data", kCalifornia, "--target", "MedHouseVal", "--folds", "3", "--bandwidth",
                               "2", "--lambda", "0.1", "--best", dir + "/b.json"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("kreg: warning: bandwidth was held at 2 (--bandwidth), so cv did not choose it; to search "
                       "it, give --bandwidth-grid logspace:"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("kreg: warning: lambda was held at 0.1 (--lambda), so cv did not choose it; to search it, "
                       "give --lambda-grid logspace:"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.out.find("cv krr: 1 grid points"), std::string::npos) << r.out;  // asked for, so kept
}

TEST(CvDefaultGrids, AnEdgeOfTheDataGridGrowsAndIsReported) {
  // y exactly linear in x: the smoothest fits win, so the best bandwidth lies at or beyond the
  // top of the data's grid and the least regularisation at its bottom.
  const std::string dir = scratch_dir();
  std::string text = "x1,x2,y\n";
  for (int i = 0; i < 60; ++i) {
    const double a = (i * 37 % 61) / 61.0, b = (i * 17 % 59) / 59.0;
    text += std::to_string(a) + "," + std::to_string(b) + "," + std::to_string(2.0 * a - b) + "\n";
  }
  write_text(dir + "/linear.csv", text);
  const CliResult r =
      run_cli({"cv", "--data", dir + "/linear.csv", "--folds", "5", "--output", dir + "/cv.csv"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("bandwidth grid extended up to "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("the best point was at its largest value"), std::string::npos) << r.out;
}

TEST(CvDefaultGrids, ShardsOfADefaultGridMergeWithoutTheData) {
  const std::string dir = scratch_dir();
  const std::vector<std::string> base = {"cv",      "--data", kCalifornia, "--target", "MedHouseVal",
                                         "--folds", "3",      "--quiet"};
  for (const char* shard : {"1/2", "2/2"}) {
    std::vector<std::string> args = base;
    args.insert(args.end(), {"--shard", shard, "--output", dir + "/part" + std::string(1, shard[0]) + ".csv"});
    const CliResult r = run_cli(args);
    ASSERT_EQ(r.status, 0) << r.err;
  }
  const CliResult m =
      run_cli({"cv", "--merge", dir + "/part1.csv", dir + "/part2.csv", "--output", dir + "/merged.csv"});
  ASSERT_EQ(m.status, 0) << m.err;
  EXPECT_GE(count_lines(read_text(dir + "/merged.csv")), 1 + 5 * 41);
}

TEST(CvDefaultGrids, AboveAThousandRowsTheBandwidthIsScreenedOnASample) {
  const std::string dir = scratch_dir();
  std::string text = "x1,x2,x3,y\n";
  for (int i = 0; i < 1500; ++i) {
    const double a = std::sin(0.37 * i), b = std::cos(0.11 * i), c = std::sin(0.017 * i * i);
    text += std::to_string(a) + "," + std::to_string(b) + "," + std::to_string(c) + "," +
            std::to_string(std::sin(2.0 * a) + b * c + 0.05 * std::cos(7.0 * i)) + "\n";
  }
  write_text(dir + "/d.csv", text);
  const CliResult r = run_cli({"cv", "--data", dir + "/d.csv", "--folds", "3", "--best", dir + "/b.json"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("bandwidth screened on 1000 evenly spaced rows (each in its fold): 5 values from "),
            std::string::npos)
      << r.out;
  // All rows at the sample's best and a quarter decade either side (more only where an end grew).
  const std::size_t at = r.out.find(", best ");
  ASSERT_NE(at, std::string::npos);
  const double screened_best = std::stod(r.out.substr(at + 7));
  const auto best = nlohmann::json::parse(read_text(dir + "/b.json"));
  const double chosen = best["min"]["bandwidth"].get<double>();
  EXPECT_LE(std::abs(std::log10(chosen / screened_best)), 0.5 + 1e-9) << r.out;
  EXPECT_TRUE(r.out.find("bandwidth grid: 3 values from ") != std::string::npos ||
              r.out.find("bandwidth grid extended") != std::string::npos)
      << r.out;
}
