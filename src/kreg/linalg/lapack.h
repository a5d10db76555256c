// The few BLAS/LAPACK routines kreg calls directly, to work in place (Armadillo's wrappers
// would allocate a second n x n matrix). Declared in kreg::lapack, with the arguments of the
// Fortran routines (pointers, one-letter option strings); lapack.cpp passes them on with the
// hidden string lengths of the Fortran calling convention, so that these declarations never
// meet Armadillo's own declarations of the same symbols.
#pragma once

namespace kreg::lapack {

void dsyrk(const char* uplo, const char* trans, const int* n, const int* k, const double* alpha, const double* a,
           const int* lda, const double* beta, double* c, const int* ldc);
void dpotrf(const char* uplo, const int* n, double* a, const int* lda, int* info);
void dpotrs(const char* uplo, const int* n, const int* nrhs, const double* a, const int* lda, double* b, const int* ldb,
            int* info);
void dpocon(const char* uplo, const int* n, const double* a, const int* lda, const double* anorm, double* rcond,
            double* work, int* iwork, int* info);
void dsymv(const char* uplo, const int* n, const double* alpha, const double* a, const int* lda, const double* x,
           const int* incx, const double* beta, double* y, const int* incy);
void dtrsv(const char* uplo, const char* trans, const char* diag, const int* n, const double* a, const int* lda,
           double* x, const int* incx);
void dsyevr(const char* jobz, const char* range, const char* uplo, const int* n, double* a, const int* lda,
            const double* vl, const double* vu, const int* il, const int* iu, const double* abstol, int* m, double* w,
            double* z, const int* ldz, int* isuppz, double* work, const int* lwork, int* iwork, const int* liwork,
            int* info);
void dsyevd(const char* jobz, const char* uplo, const int* n, double* a, const int* lda, double* w, double* work,
            const int* lwork, int* iwork, const int* liwork, int* info);

}  // namespace kreg::lapack

// OpenBLAS's own controls (not part of BLAS; no clash with Armadillo).
extern "C" {
void openblas_set_num_threads(int num_threads);
int openblas_get_num_threads(void);
char* openblas_get_corename(void);
}
