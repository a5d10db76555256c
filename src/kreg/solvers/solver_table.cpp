// The solver table (see solver_table.h).
#include "kreg/solvers/solver_table.h"

#include <stdexcept>

namespace kreg {

namespace {

bool every_method(const MethodInfo&) { return true; }
bool penalized(const MethodInfo& m) { return m.is_penalized(); }
bool ridge(const MethodInfo& m) { return m.family == MethodFamily::kRidge; }

}  // namespace

const std::vector<SolverInfo>& solver_table() {
  static const std::vector<SolverInfo> rows = {
      {Solver::kAuto, "auto", "auto (krr: exact Cholesky; kl1, klinf: exact homotopy path, KKT-certified)",
       every_method, 100000, 1e-7},
      {Solver::kFista, "fista", "fista (accelerated, KKT-certified)", penalized, 100000, 1e-7},
      {Solver::kPaper, "paper", "paper (the authors' fixed-step solver)", penalized, 1000, 1e-4},
      {Solver::kNystrom, "nystrom",
       "nystrom (krr on --centers Nystrom centres by preconditioned conjugate gradients, for large n)", ridge, 1000,
       1e-8},
  };
  return rows;
}

const SolverInfo& solver_info(Solver solver) {
  for (const SolverInfo& row : solver_table())
    if (row.solver == solver) return row;
  throw std::logic_error("a solver without a row in solver_table()");
}

std::string to_string(Solver solver) { return solver_info(solver).name; }

bool parse_solver(const std::string& text, Solver& solver) {
  for (const SolverInfo& row : solver_table())
    if (text == row.name) {
      solver = row.solver;
      return true;
    }
  return false;
}

std::vector<std::string> solver_names() {
  std::vector<std::string> out;
  for (const SolverInfo& row : solver_table()) out.push_back(row.name);
  return out;
}

}  // namespace kreg
