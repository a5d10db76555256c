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
void dtrmv(const char* uplo, const char* trans, const char* diag, const int* n, const double* a, const int* lda,
           double* x, const int* incx);

void dgemm(const char* transa, const char* transb, const int* m, const int* n, const int* k, const double* alpha,
           const double* a, const int* lda, const double* b, const int* ldb, const double* beta, double* c,
           const int* ldc);
/// C = alpha A B + beta C (side "L") for a symmetric A of which only the `uplo` triangle is read.
void dsymm(const char* side, const char* uplo, const int* m, const int* n, const double* alpha, const double* a,
           const int* lda, const double* b, const int* ldb, const double* beta, double* c, const int* ldc);
void dsyr2k(const char* uplo, const char* trans, const int* n, const int* k, const double* alpha, const double* a,
            const int* lda, const double* b, const int* ldb, const double* beta, double* c, const int* ldc);
void dlarfg(const int* n, double* alpha, double* x, const int* incx, double* tau);
void dtrsm(const char* side, const char* uplo, const char* transa, const char* diag, const int* m, const int* n,
           const double* alpha, const double* a, const int* lda, double* b, const int* ldb);
void dgemv(const char* trans, const int* m, const int* n, const double* alpha, const double* a, const int* lda,
           const double* x, const int* incx, const double* beta, double* y, const int* incy);
void dsytrd(const char* uplo, const int* n, double* a, const int* lda, double* d, double* e, double* tau, double* work,
            const int* lwork, int* info);
void dstedc(const char* compz, const int* n, double* d, double* e, double* z, const int* ldz, double* work,
            const int* lwork, int* iwork, const int* liwork, int* info);
void dstemr(const char* jobz, const char* range, const int* n, double* d, double* e, const double* vl, const double* vu,
            const int* il, const int* iu, int* m, double* w, double* z, const int* ldz, const int* nzc, int* isuppz,
            int* tryrac, double* work, const int* lwork, int* iwork, const int* liwork, int* info);
void dormtr(const char* side, const char* uplo, const char* trans, const int* m, const int* n, const double* a,
            const int* lda, const double* tau, double* c, const int* ldc, double* work, const int* lwork, int* info);
void dsytrd_sy2sb(const char* uplo, const int* n, const int* kd, double* a, const int* lda, double* ab, const int* ldab,
                  double* tau, double* work, const int* lwork, int* info);
void dormqr(const char* side, const char* trans, const int* m, const int* n, const int* k, const double* a,
            const int* lda, const double* tau, double* c, const int* ldc, double* work, const int* lwork, int* info);
void dpbtrf(const char* uplo, const int* n, const int* kd, double* ab, const int* ldab, int* info);
/// L^T L (uplo "L") or U U^T ("U") of a triangular factor, in place.
void dlauum(const char* uplo, const int* n, double* a, const int* lda, int* info);
void dpbtrs(const char* uplo, const int* n, const int* kd, const int* nrhs, const double* ab, const int* ldab,
            double* b, const int* ldb, int* info);
double dlansy(const char* norm, const char* uplo, const int* n, const double* a, const int* lda, double* work);
double dlamch(const char* cmach);

}  // namespace kreg::lapack

// OpenBLAS's own controls (not part of BLAS; no clash with Armadillo).
extern "C" {
void openblas_set_num_threads(int num_threads);
int openblas_get_num_threads(void);
char* openblas_get_corename(void);
// A level-3 work buffer from OpenBLAS's table of buffers, and its return to the table (the
// memory stays mapped for the next call); blas_workspace.h reserves them up front with these.
void* blas_memory_alloc(int procpos);
void blas_memory_free(void* buffer);
}
