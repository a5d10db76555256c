# `cmake --install`: bin/kreg, the man page kreg(1), the bash completion, the README and docs,
# and the example data, where a Unix tool's files go (GNUInstallDirs); `cpack -G DEB` packages
# the same files (package.cmake).
include(GNUInstallDirs)
include(${CMAKE_CURRENT_LIST_DIR}/docs.cmake)

install(TARGETS kreg RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(FILES ${KREG_MAN_PAGE}.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
install(FILES ${KREG_BASH_COMPLETION} DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions)
install(FILES ${CMAKE_SOURCE_DIR}/README.md ${CMAKE_SOURCE_DIR}/docs/kernels.md ${CMAKE_SOURCE_DIR}/docs/nystrom.md
              ${CMAKE_SOURCE_DIR}/docs/extending.md ${CMAKE_SOURCE_DIR}/docs/benchmarks.md
        DESTINATION ${CMAKE_INSTALL_DOCDIR})
# The example data of the man page (y = sin(2 pi x) + noise; data/README.md).
install(FILES ${CMAKE_SOURCE_DIR}/data/sine_train.csv ${CMAKE_SOURCE_DIR}/data/sine_test.csv
        DESTINATION ${CMAKE_INSTALL_DATADIR}/kreg/data)

include(${CMAKE_CURRENT_LIST_DIR}/package.cmake)
