# Cross-compiles runlens-rec for arm64 (Graviton) hosts with Debian's aarch64 cross compiler and the
# arm64 -dev packages installed through multiarch (see .ci/debian-packages). Binaries built with it
# run here under qemu-aarch64-static (CMAKE_CROSSCOMPILING_EMULATOR), which is how CI tests them.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_LIBRARY_ARCHITECTURE aarch64-linux-gnu)

set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)
set(CMAKE_STRIP aarch64-linux-gnu-strip CACHE FILEPATH "")
set(CMAKE_OBJCOPY aarch64-linux-gnu-objcopy CACHE FILEPATH "")

# Libraries and pkg-config files of the target come from the multiarch directories only; headers
# that are the same on every architecture (nlohmann/json, CLI11) from /usr/include as usual.
set(CMAKE_FIND_ROOT_PATH /usr/aarch64-linux-gnu)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY BOTH)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE BOTH)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE BOTH)
set(ENV{PKG_CONFIG_LIBDIR} "/usr/lib/aarch64-linux-gnu/pkgconfig:/usr/share/pkgconfig")

# The recorder's tests link the arm64 Qt (qt6-base-dev:arm64) and run this machine's moc.
set(QT_HOST_PATH "/usr" CACHE PATH "")
set(QT_HOST_PATH_CMAKE_DIR "/usr/lib/x86_64-linux-gnu/cmake" CACHE PATH "")

find_program(RUNLENS_QEMU_AARCH64 qemu-aarch64-static)
if(RUNLENS_QEMU_AARCH64)
    set(CMAKE_CROSSCOMPILING_EMULATOR "${RUNLENS_QEMU_AARCH64}")
endif()
