// The arm64 build runs these tests under qemu-aarch64 user-mode emulation (CTest sets
// RUNLENS_EMULATOR): the program is arm64 but the kernel is this machine's x86_64 one, which
// qemu does not pass perf_event_open to and whose /proc shows qemu, not the test. A test of
// those skips there, saying why; real arm64 hosts run it (and the x86_64 build always does).
#pragma once

#include <QTest>

#define RUNLENS_SKIP_UNDER_EMULATION(what)                                                                              \
    do {                                                                                                               \
        if (qEnvironmentVariableIsSet("RUNLENS_EMULATOR"))                                                              \
            QSKIP(qPrintable(QStringLiteral("under %1 user-mode emulation: %2")                                        \
                                 .arg(qEnvironmentVariable("RUNLENS_EMULATOR"), QStringLiteral(what))));               \
    } while (false)
