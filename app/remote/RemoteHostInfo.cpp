#include "RemoteHostInfo.h"

#include "SshSession.h"

#include <QCoreApplication>

namespace {

// The messages' translation context (lupdate reads Q_DECLARE_TR_FUNCTIONS; a free tr() it cannot).
struct Text {
    Q_DECLARE_TR_FUNCTIONS(RemoteHostInfo)
};

QString normalisedArchitecture(const QString& machine)
{
    if (machine == QLatin1String("x86_64") || machine == QLatin1String("amd64"))
        return QStringLiteral("x86_64");
    if (machine == QLatin1String("aarch64") || machine == QLatin1String("arm64"))
        return QStringLiteral("arm64");
    return machine;
}

} // namespace

RemoteHostInfo RemoteHostInfo::probe(SshSession& session)
{
    // A fixed command line: nothing from the user goes into it.
    const QString probe = QStringLiteral(
        "uname -s; uname -m; cat /proc/sys/kernel/perf_event_paranoid 2>/dev/null || echo unknown; "
        "if sudo -n true >/dev/null 2>&1; then echo sudo; else echo nosudo; fi; printf '%s\\n' \"$HOME\"; id -u");
    const RemoteCommandResult result = session.runChecked(probe, Text::tr("Detecting the operating system"), 30);
    const QStringList lines = QString::fromUtf8(result.out).split(QLatin1Char('\n'));
    if (lines.size() < 5)
        throw SshError(SshError::Kind::Command, Text::tr("%1 answered the system probe with unexpected output.").arg(session.target().host));
    RemoteHostInfo info;
    info.os = lines[0].trimmed();
    info.machine = lines[1].trimmed();
    info.architecture = normalisedArchitecture(info.machine);
    bool ok = false;
    const int paranoid = lines[2].trimmed().toInt(&ok);
    info.perfEventParanoid = ok ? paranoid : 4;
    info.passwordlessSudo = lines[3].trimmed() == QLatin1String("sudo");
    info.home = lines[4].trimmed();
    info.root = lines.size() > 5 && lines[5].trimmed() == QLatin1String("0");
    if (info.os != QLatin1String("Linux"))
        throw SshError(SshError::Kind::Unsupported,
                       Text::tr("%1 runs %2; the recorder runs on Linux only.").arg(session.target().host, info.os));
    return info;
}

QString RemoteHostInfo::pmuAdvice() const
{
    // perf_event_paranoid restricts unprivileged users only; root (CAP_PERFMON) is never limited.
    if (root)
        return Text::tr("Logged in as root: CPU counters and profiles cover every process, whatever perf_event_paranoid says.");
    if (perfEventParanoid <= 0)
        return Text::tr("perf_event_paranoid is %1: CPU counters and profiles work without sudo.").arg(perfEventParanoid);
    if (passwordlessSudo)
        return Text::tr("perf_event_paranoid is %1, and passwordless sudo is available: record with sudo for system-wide "
                  "CPU counters and profiles.").arg(perfEventParanoid);
    if (perfEventParanoid <= 2)
        return Text::tr("perf_event_paranoid is %1 and there is no passwordless sudo: CPU counters and profiles cover only "
                  "this user's processes. An administrator can run 'sysctl kernel.perf_event_paranoid=0'.")
            .arg(perfEventParanoid);
    return Text::tr("perf_event_paranoid is %1 and there is no passwordless sudo: no CPU counters or profiles, only system "
              "metrics. An administrator can run 'sysctl kernel.perf_event_paranoid=0'.").arg(perfEventParanoid);
}
