# `cpack -G DEB` of the build: the package holds the app, both recorders, the runlens-rec link and
# the desktop entry. Run by CTest as `cmake -DBUILD=... -DOUT=... -P DebianPackage.cmake`.
file(REMOVE_RECURSE "${OUT}")
execute_process(COMMAND "${CPACK}" -G DEB -B "${OUT}" --config "${BUILD}/CPackConfig.cmake"
                RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE output)
if(NOT result EQUAL 0)
    message(FATAL_ERROR "cpack failed:\n${output}")
endif()
file(GLOB packages "${OUT}/runlens_*.deb")
list(LENGTH packages count)
if(NOT count EQUAL 1)
    message(FATAL_ERROR "expected one runlens_*.deb in ${OUT}, found: ${packages}")
endif()
execute_process(COMMAND dpkg-deb --contents "${packages}" OUTPUT_VARIABLE listing RESULT_VARIABLE result)
foreach(expected "\\./usr/bin/runlens\n" "./usr/bin/runlens-rec -> ../share/runlens/recorders/[a-z0-9_]+/runlens-rec"
                 "\\./usr/share/runlens/recorders/x86_64/runlens-rec\n" "\\./usr/share/runlens/recorders/arm64/runlens-rec\n"
                 "\\./usr/share/applications/runlens.desktop\n")
    string(REGEX MATCH "${expected}" found "${listing}")
    if(NOT found)
        message(FATAL_ERROR "the package lacks ${expected}:\n${listing}")
    endif()
endforeach()
if(listing MATCHES "\\.debug")
    message(FATAL_ERROR "the package carries debug files:\n${listing}")
endif()
message(STATUS "${packages}:\n${listing}")
