# The recorders the app uploads to hosts: a fully static, stripped runlens-rec per architecture in
# ${RUNLENS_RECORDERS_DIR}/<arch>/, built by a recorder-only sub-build (ExternalProject) of this
# same source tree, so that a sanitizer or Debug build of the app still ships release recorders.
# The native one also puts its unstripped runlens-rec in this build's recorder/ directory (the
# imported runlens-rec target of recorder/CMakeLists.txt). The arm64 one is cross-compiled with recorder/toolchains/aarch64-linux-gnu.cmake and, with
# tests on, brings its own unit tests, which CTest runs under qemu-aarch64 (label arm64).
include(ExternalProject)

function(runlens_add_deployed_recorder arch)
    ExternalProject_Add(recorder-${arch}
        SOURCE_DIR "${PROJECT_SOURCE_DIR}"
        BINARY_DIR "${CMAKE_BINARY_DIR}/recorder-${arch}"
        CMAKE_GENERATOR "${CMAKE_GENERATOR}"
        CMAKE_ARGS
            -DCMAKE_BUILD_TYPE=RelWithDebInfo
            -DRUNLENS_BUILD_APP=OFF
            -DRUNLENS_STATIC_RECORDER=ON
            -DRUNLENS_RECORDERS_DIR=${RUNLENS_RECORDERS_DIR}
            ${ARGN}
        BUILD_ALWAYS ON
        INSTALL_COMMAND ""
        STEP_TARGETS build)
endfunction()

runlens_add_deployed_recorder(${RUNLENS_RECORDER_ARCH} -DRUNLENS_RECORDER_TESTS=OFF
                              -DCMAKE_RUNTIME_OUTPUT_DIRECTORY=${CMAKE_BINARY_DIR}/recorder)
add_dependencies(runlens-rec recorder-${RUNLENS_RECORDER_ARCH})

if(RUNLENS_ARM64_RECORDER AND NOT RUNLENS_RECORDER_ARCH STREQUAL "arm64")
    find_program(RUNLENS_AARCH64_CXX aarch64-linux-gnu-g++)
    find_library(RUNLENS_AARCH64_ARCHIVE NAMES libarchive.a PATHS /usr/lib/aarch64-linux-gnu NO_DEFAULT_PATH)
    find_library(RUNLENS_AARCH64_PCRE2 NAMES libpcre2-8.a PATHS /usr/lib/aarch64-linux-gnu NO_DEFAULT_PATH)
    if(NOT RUNLENS_AARCH64_CXX OR NOT RUNLENS_AARCH64_ARCHIVE OR NOT RUNLENS_AARCH64_PCRE2)
        message(FATAL_ERROR
            "The arm64 (Graviton) recorder needs Debian's aarch64 cross compiler and the arm64 libraries. "
            "Install them with .ci/install-deps, or by hand:\n"
            "    sudo dpkg --add-architecture arm64 && sudo apt-get update\n"
            "    sudo apt-get install g++-aarch64-linux-gnu libarchive-dev:arm64 zlib1g-dev:arm64 libpfm4-dev:arm64 "
            "libdw-dev:arm64 libelf-dev:arm64 libbz2-dev:arm64 liblzma-dev:arm64 libpcre2-dev:arm64 qemu-user-static (and qt6-base-dev:arm64 for its tests)\n"
            "or configure with -DRUNLENS_ARM64_RECORDER=OFF to build without it (Graviton hosts then cannot be recorded).")
    endif()
    runlens_add_deployed_recorder(arm64
        -DCMAKE_TOOLCHAIN_FILE=${PROJECT_SOURCE_DIR}/recorder/toolchains/aarch64-linux-gnu.cmake
        -DRUNLENS_RECORDER_TESTS=${RUNLENS_BUILD_TESTS})
endif()

install(DIRECTORY "${RUNLENS_RECORDERS_DIR}/" DESTINATION "${CMAKE_INSTALL_DATADIR}/runlens/recorders"
        USE_SOURCE_PERMISSIONS FILES_MATCHING PATTERN runlens-rec)
# `runlens-rec` on the PATH of the desktop too: the deployed recorder for this machine.
install(CODE "file(MAKE_DIRECTORY \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_BINDIR}\")
    file(CREATE_LINK ../${CMAKE_INSTALL_DATADIR}/runlens/recorders/${RUNLENS_RECORDER_ARCH}/runlens-rec
         \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_BINDIR}/runlens-rec\" SYMBOLIC)")
