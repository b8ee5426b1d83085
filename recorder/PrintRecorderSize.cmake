# Prints the size of a deployed recorder after the build: `cmake -DFILE=... -DLABEL=arm64 -P`.
file(SIZE "${FILE}" bytes)
math(EXPR kib "${bytes} / 1024")
message(STATUS "runlens-rec for ${LABEL}: ${kib} KiB stripped (${FILE})")
