# The man page kreg.1(.gz) and the bash completion, generated at build time by kreg_docgen
# from the same CLI11 App that `kreg --help` prints from (apps/kreg/kreg_app.h): they cannot
# drift from the binary. The man page's EXAMPLES are the README's usage block.
file(GLOB KREG_DOCGEN_SOURCES CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/apps/kreg_docgen/*.cpp)
add_executable(kreg_docgen ${KREG_DOCGEN_SOURCES})
target_compile_options(kreg_docgen PRIVATE -Wall -Wextra)
target_link_libraries(kreg_docgen PRIVATE kreg_cli)

set(KREG_MAN_PAGE ${CMAKE_BINARY_DIR}/kreg.1)
set(KREG_BASH_COMPLETION ${CMAKE_BINARY_DIR}/completion/kreg)
add_custom_command(OUTPUT ${KREG_MAN_PAGE} ${KREG_MAN_PAGE}.gz
                   COMMAND kreg_docgen man ${KREG_MAN_PAGE} ${CMAKE_SOURCE_DIR}/README.md
                   COMMAND gzip -9nkf ${KREG_MAN_PAGE}
                   DEPENDS kreg_docgen ${CMAKE_SOURCE_DIR}/README.md
                   COMMENT "Writing the man page kreg.1")
add_custom_command(OUTPUT ${KREG_BASH_COMPLETION}
                   COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_BINARY_DIR}/completion
                   COMMAND kreg_docgen bash ${KREG_BASH_COMPLETION}
                   DEPENDS kreg_docgen
                   COMMENT "Writing the bash completion completion/kreg")
add_custom_target(kreg_docs ALL DEPENDS ${KREG_MAN_PAGE} ${KREG_MAN_PAGE}.gz ${KREG_BASH_COMPLETION})
