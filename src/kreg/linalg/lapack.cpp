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
void dtrmv_(const char* uplo, const char* trans, const char* diag, const int* n, const double* a, const int* lda,
            double* x, const int* incx, std::size_t, std::size_t, std::size_t);
void dgemm_(const char* transa, const char* transb, const int* m, const int* n, const int* k, const double* alpha,
            const double* a, const int* lda, const double* b, const int* ldb, const double* beta, double* c,
            const int* ldc, std::size_t, std::size_t);
void dsymm_(const char* side, const char* uplo, const int* m, const int* n, const double* alpha, const double* a,
            const int* lda, const double* b, const int* ldb, const double* beta, double* c, const int* ldc, std::size_t,
            std::size_t);
void dsyr2k_(const char* uplo, const char* trans, const int* n, const int* k, const double* alpha, const double* a,
             const int* lda, const double* b, const int* ldb, const double* beta, double* c, const int* ldc,
             std::size_t, std::size_t);
void dlarfg_(const int* n, double* alpha, double* x, const int* incx, double* tau);
void dtrsm_(const char* side, const char* uplo, const char* transa, const char* diag, const int* m, const int* n,
            const double* alpha, const double* a, const int* lda, double* b, const int* ldb, std::size_t, std::size_t,
            std::size_t, std::size_t);
void dgemv_(const char* trans, const int* m, const int* n, const double* alpha, const double* a, const int* lda,
            const double* x, const int* incx, const double* beta, double* y, const int* incy, std::size_t);
void dsytrd_(const char* uplo, const int* n, double* a, const int* lda, double* d, double* e, double* tau, double* work,
             const int* lwork, int* info, std::size_t);
void dstedc_(const char* compz, const int* n, double* d, double* e, double* z, const int* ldz, double* work,
             const int* lwork, int* iwork, const int* liwork, int* info, std::size_t);
void dstemr_(const char* jobz, const char* range, const int* n, double* d, double* e, const double* vl,
             const double* vu, const int* il, const int* iu, int* m, double* w, double* z, const int* ldz,
             const int* nzc, int* isuppz, int* tryrac, double* work, const int* lwork, int* iwork, const int* liwork,
             int* info, std::size_t, std::size_t);
void dormtr_(const char* side, const char* uplo, const char* trans, const int* m, const int* n, const double* a,
             const int* lda, const double* tau, double* c, const int* ldc, double* work, const int* lwork, int* info,
             std::size_t, std::size_t, std::size_t);
void dsytrd_sy2sb_(const char* uplo, const int* n, const int* kd, double* a, const int* lda, double* ab,
                   const int* ldab, double* tau, double* work, const int* lwork, int* info, std::size_t);
void dormqr_(const char* side, const char* trans, const int* m, const int* n, const int* k, const double* a,
             const int* lda, const double* tau, double* c, const int* ldc, double* work, const int* lwork, int* info,
             std::size_t, std::size_t);
void dpbtrf_(const char* uplo, const int* n, const int* kd, double* ab, const int* ldab, int* info, std::size_t);
void dlauum_(const char* uplo, const int* n, double* a, const int* lda, int* info, std::size_t);
void dpbtrs_(const char* uplo, const int* n, const int* kd, const int* nrhs, const double* ab, const int* ldab,
             double* b, const int* ldb, int* info, std::size_t);
double dlansy_(const char* norm, const char* uplo, const int* n, const double* a, const int* lda, double* work,
               std::size_t, std::size_t);
double dlamch_(const char* cmach, std::size_t);
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
void dtrmv(const char* uplo, const char* trans, const char* diag, const int* n, const double* a, const int* lda,
           double* x, const int* incx) {
  dtrmv_(uplo, trans, diag, n, a, lda, x, incx, 1, 1, 1);
}

void dgemm(const char* transa, const char* transb, const int* m, const int* n, const int* k, const double* alpha,
           const double* a, const int* lda, const double* b, const int* ldb, const double* beta, double* c,
           const int* ldc) {
  dgemm_(transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc, 1, 1);
}
void dsymm(const char* side, const char* uplo, const int* m, const int* n, const double* alpha, const double* a,
           const int* lda, const double* b, const int* ldb, const double* beta, double* c, const int* ldc) {
  dsymm_(side, uplo, m, n, alpha, a, lda, b, ldb, beta, c, ldc, 1, 1);
}
void dsyr2k(const char* uplo, const char* trans, const int* n, const int* k, const double* alpha, const double* a,
            const int* lda, const double* b, const int* ldb, const double* beta, double* c, const int* ldc) {
  dsyr2k_(uplo, trans, n, k, alpha, a, lda, b, ldb, beta, c, ldc, 1, 1);
}
void dlarfg(const int* n, double* alpha, double* x, const int* incx, double* tau) { dlarfg_(n, alpha, x, incx, tau); }
void dtrsm(const char* side, const char* uplo, const char* transa, const char* diag, const int* m, const int* n,
           const double* alpha, const double* a, const int* lda, double* b, const int* ldb) {
  dtrsm_(side, uplo, transa, diag, m, n, alpha, a, lda, b, ldb, 1, 1, 1, 1);
}
void dgemv(const char* trans, const int* m, const int* n, const double* alpha, const double* a, const int* lda,
           const double* x, const int* incx, const double* beta, double* y, const int* incy) {
  dgemv_(trans, m, n, alpha, a, lda, x, incx, beta, y, incy, 1);
}
void dsytrd(const char* uplo, const int* n, double* a, const int* lda, double* d, double* e, double* tau, double* work,
            const int* lwork, int* info) {
  dsytrd_(uplo, n, a, lda, d, e, tau, work, lwork, info, 1);
}
void dstedc(const char* compz, const int* n, double* d, double* e, double* z, const int* ldz, double* work,
            const int* lwork, int* iwork, const int* liwork, int* info) {
  dstedc_(compz, n, d, e, z, ldz, work, lwork, iwork, liwork, info, 1);
}
void dstemr(const char* jobz, const char* range, const int* n, double* d, double* e, const double* vl, const double* vu,
            const int* il, const int* iu, int* m, double* w, double* z, const int* ldz, const int* nzc, int* isuppz,
            int* tryrac, double* work, const int* lwork, int* iwork, const int* liwork, int* info) {
  dstemr_(jobz, range, n, d, e, vl, vu, il, iu, m, w, z, ldz, nzc, isuppz, tryrac, work, lwork, iwork, liwork, info, 1,
          1);
}
void dormtr(const char* side, const char* uplo, const char* trans, const int* m, const int* n, const double* a,
            const int* lda, const double* tau, double* c, const int* ldc, double* work, const int* lwork, int* info) {
  dormtr_(side, uplo, trans, m, n, a, lda, tau, c, ldc, work, lwork, info, 1, 1, 1);
}
double dlansy(const char* norm, const char* uplo, const int* n, const double* a, const int* lda, double* work) {
  return dlansy_(norm, uplo, n, a, lda, work, 1, 1);
}
double dlamch(const char* cmach) { return dlamch_(cmach, 1); }

void dsytrd_sy2sb(const char* uplo, const int* n, const int* kd, double* a, const int* lda, double* ab, const int* ldab,
                  double* tau, double* work, const int* lwork, int* info) {
  dsytrd_sy2sb_(uplo, n, kd, a, lda, ab, ldab, tau, work, lwork, info, 1);
}
void dormqr(const char* side, const char* trans, const int* m, const int* n, const int* k, const double* a,
            const int* lda, const double* tau, double* c, const int* ldc, double* work, const int* lwork, int* info) {
  dormqr_(side, trans, m, n, k, a, lda, tau, c, ldc, work, lwork, info, 1, 1);
}
void dlauum(const char* uplo, const int* n, double* a, const int* lda, int* info) { dlauum_(uplo, n, a, lda, info, 1); }
void dpbtrf(const char* uplo, const int* n, const int* kd, double* ab, const int* ldab, int* info) {
  dpbtrf_(uplo, n, kd, ab, ldab, info, 1);
}
void dpbtrs(const char* uplo, const int* n, const int* kd, const int* nrhs, const double* ab, const int* ldab,
            double* b, const int* ldb, int* info) {
  dpbtrs_(uplo, n, kd, nrhs, ab, ldab, b, ldb, info, 1);
}

}  // namespace kreg::lapack
