// The Fortran symbols behind kreg::lapack. This file must not include Armadillo, which
// declares some of the same symbols its own way. gfortran passes the length of each
// CHARACTER argument as a hidden size_t after the others; every option string here has length 1.
#include "kreg/linalg/lapack.h"

#include <cstddef>

extern "C" {
void dsyrk_(const char* uplo, const char* trans, const int* n, const int* k, const double* alpha, const double* a,
            const int* lda, const double* beta, double* c, const int* ldc, std::size_t, std::size_t);
void dpotrf_(const char* uplo, const int* n, double* a, const int* lda, int* info, std::size_t);
void dpotrs_(const char* uplo, const int* n, const int* nrhs, const double* a, const int* lda, double* b,
             const int* ldb, int* info, std::size_t);
void dpocon_(const char* uplo, const int* n, const double* a, const int* lda, const double* anorm, double* rcond,
             double* work, int* iwork, int* info, std::size_t);
void dsymv_(const char* uplo, const int* n, const double* alpha, const double* a, const int* lda, const double* x,
            const int* incx, const double* beta, double* y, const int* incy, std::size_t);
void dtrsv_(const char* uplo, const char* trans, const char* diag, const int* n, const double* a, const int* lda,
            double* x, const int* incx, std::size_t, std::size_t, std::size_t);
void dsyevr_(const char* jobz, const char* range, const char* uplo, const int* n, double* a, const int* lda,
             const double* vl, const double* vu, const int* il, const int* iu, const double* abstol, int* m, double* w,
             double* z, const int* ldz, int* isuppz, double* work, const int* lwork, int* iwork, const int* liwork,
             int* info, std::size_t, std::size_t, std::size_t);
void dsyevd_(const char* jobz, const char* uplo, const int* n, double* a, const int* lda, double* w, double* work,
             const int* lwork, int* iwork, const int* liwork, int* info, std::size_t, std::size_t);
}

namespace kreg::lapack {

void dsyrk(const char* uplo, const char* trans, const int* n, const int* k, const double* alpha, const double* a,
           const int* lda, const double* beta, double* c, const int* ldc) {
  dsyrk_(uplo, trans, n, k, alpha, a, lda, beta, c, ldc, 1, 1);
}
void dpotrf(const char* uplo, const int* n, double* a, const int* lda, int* info) { dpotrf_(uplo, n, a, lda, info, 1); }
void dpotrs(const char* uplo, const int* n, const int* nrhs, const double* a, const int* lda, double* b, const int* ldb,
            int* info) {
  dpotrs_(uplo, n, nrhs, a, lda, b, ldb, info, 1);
}
void dpocon(const char* uplo, const int* n, const double* a, const int* lda, const double* anorm, double* rcond,
            double* work, int* iwork, int* info) {
  dpocon_(uplo, n, a, lda, anorm, rcond, work, iwork, info, 1);
}
void dsymv(const char* uplo, const int* n, const double* alpha, const double* a, const int* lda, const double* x,
           const int* incx, const double* beta, double* y, const int* incy) {
  dsymv_(uplo, n, alpha, a, lda, x, incx, beta, y, incy, 1);
}
void dtrsv(const char* uplo, const char* trans, const char* diag, const int* n, const double* a, const int* lda,
           double* x, const int* incx) {
  dtrsv_(uplo, trans, diag, n, a, lda, x, incx, 1, 1, 1);
}
void dsyevr(const char* jobz, const char* range, const char* uplo, const int* n, double* a, const int* lda,
            const double* vl, const double* vu, const int* il, const int* iu, const double* abstol, int* m, double* w,
            double* z, const int* ldz, int* isuppz, double* work, const int* lwork, int* iwork, const int* liwork,
            int* info) {
  dsyevr_(jobz, range, uplo, n, a, lda, vl, vu, il, iu, abstol, m, w, z, ldz, isuppz, work, lwork, iwork, liwork, info,
          1, 1, 1);
}
void dsyevd(const char* jobz, const char* uplo, const int* n, double* a, const int* lda, double* w, double* work,
            const int* lwork, int* iwork, const int* liwork, int* info) {
  dsyevd_(jobz, uplo, n, a, lda, w, work, lwork, iwork, liwork, info, 1, 1);
}

}  // namespace kreg::lapack
