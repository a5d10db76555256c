# `cpack -G DEB` in the build directory: kreg_VERSION_ARCH.deb, installing under /usr, with
# Depends computed by dpkg-shlibdeps (dpkg-dev; CPack also needs `file`) from the libraries
# the binary links: Debian 12's OpenBLAS/LAPACK, libgomp, zlib, libstdc++.
set(KREG_PACKAGE_MAINTAINER "kreg maintainers <maintainers@users.noreply.a-seed-3bf1b624.example>"
    CACHE STRING "Maintainer field of the Debian package")

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME kreg)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT ${KREG_PACKAGE_MAINTAINER})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "fast, exact kernel regression from the command line")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)

set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_MAINTAINER ${KREG_PACKAGE_MAINTAINER})
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "man-db, bash-completion")
# The long description (the summary line comes from CPACK_PACKAGE_DESCRIPTION_SUMMARY).
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
    "kreg fits, selects and evaluates kernel regressors on CSV data: kernel ridge
regression, kernel gradient flow, early-stopping gradient, sign-gradient,
coordinate and elastic descent, and the l1- and l-infinity-penalised
regressions of Allerbo (2023), arXiv:2306.16838, with regularisation paths,
leave-one-out and k-fold cross-validation over kernel and regularisation grids.
Models are versioned JSON; tables are CSV.")

include(CPack)
