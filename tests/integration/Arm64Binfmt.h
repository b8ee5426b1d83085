// Lets this x86_64 kernel run arm64 binaries as a Graviton host would: qemu-aarch64 registered with
// binfmt_misc (Debian's own registration from qemu-user-static), mounting binfmt_misc first where
// needed. Needs root; where the kernel or the sandbox refuses, the tests that need it say so.
#pragma once

#include <QFile>
#include <QProcess>
#include <QString>

namespace Arm64Binfmt {

inline bool ensureRegistered()
{
    const QString directory = QStringLiteral("/proc/sys/fs/binfmt_misc");
    const QString entry = directory + QStringLiteral("/qemu-aarch64");
    if (!QFile::exists(directory + QStringLiteral("/register")))
        QProcess::execute(QStringLiteral("mount"), {QStringLiteral("-t"), QStringLiteral("binfmt_misc"),
                                                    QStringLiteral("binfmt_misc"), directory});
    if (!QFile::exists(entry)) {
        QFile rule(QStringLiteral("/usr/lib/binfmt.d/qemu-aarch64.conf"));
        QFile registration(directory + QStringLiteral("/register"));
        if (rule.open(QIODevice::ReadOnly) && registration.open(QIODevice::WriteOnly | QIODevice::Unbuffered))
            registration.write(rule.readAll().trimmed());
    }
    QFile state(entry);
    return state.open(QIODevice::ReadOnly) && state.readAll().startsWith("enabled");
}

} // namespace Arm64Binfmt
