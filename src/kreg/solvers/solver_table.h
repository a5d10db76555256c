// The solvers a user can choose with --solver, one row each: its name, its help, the method
// families it serves and its default iteration cap and tolerance. A value is parsed once, at
// the boundary (the settings table), and is a typed Solver from then on; the route a
// (family, solver) pair runs is chosen in src/kreg/routes/route_table.cpp.
#pragma once

#include <string>
#include <vector>

#include "kreg/solvers/method_registry.h"

namespace kreg {

enum class Solver {
  kAuto,     ///< the exact route of the method (Cholesky or eigenvalues; the KKT-certified homotopy)
  kFista,    ///< accelerated proximal gradient (penalised methods)
  kPaper,    ///< the authors' fixed-step solver (penalised methods)
  kNystrom,  ///< krr on Nystrom centres by preconditioned conjugate gradients
};

struct SolverInfo {
  Solver solver;
  const char* name;  ///< the --solver value
  const char* help;  ///< one phrase for --help
  bool (*serves)(const MethodInfo&);
  long default_max_iter;  ///< the cap when --max-iter is 0
  double default_tol;     ///< the tolerance when --tol is 0
};

/// Every solver, in the order of the help text.
const std::vector<SolverInfo>& solver_table();
/// The row of `solver`.
const SolverInfo& solver_info(Solver solver);
/// The --solver name of `solver` ("nystrom").
std::string to_string(Solver solver);
/// The solver named `text` exactly; false when there is none.
bool parse_solver(const std::string& text, Solver& solver);
/// The names of solver_table(), in order.
std::vector<std::string> solver_names();

}  // namespace kreg
