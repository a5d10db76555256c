// The kreg binary: hands argv to kreg::cli::run and returns its exit status.
#include <unistd.h>

#include <iostream>

#include "cli.h"
#include "kreg/select/compute_resources.h"

int main(int argc, char** argv) {
  kreg::run_with_kreg_blas_settings(argv);  // OpenBLAS: best kernels, no threads of its own
  std::ios::sync_with_stdio(false);
  const std::vector<std::string> args(argv + 1, argv + argc);
  const int status = kreg::cli::run(args, std::cout, std::cerr, isatty(STDERR_FILENO) != 0);
  std::cout.flush();
  return status;
}
