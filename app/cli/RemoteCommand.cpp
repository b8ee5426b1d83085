// `runlens remote record|fetch|list HOST ...`: the Connect dialog's flow for scripts. Host keys are
// checked as in the app: an unknown key is refused unless --accept-new-host-key, a changed key is
// always refused. No password prompts: use a key or ssh-agent.
#include "HeadlessCommands.h"

#include "remote/RecorderInstaller.h"
#include "remote/RemoteHostInfo.h"
#include "remote/RemoteRecording.h"
#include "remote/SshSession.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QRegularExpression>
#include <QSysInfo>
#include <QThread>

#include <cstdio>

namespace {

// The messages' translation context (lupdate reads Q_DECLARE_TR_FUNCTIONS; a free tr() it cannot).
struct Text {
    Q_DECLARE_TR_FUNCTIONS(RemoteCommand)
};

void printLine(FILE* stream, const QString& text)
{
    std::fprintf(stream, "%s\n", text.toLocal8Bit().constData());
    std::fflush(stream);
}

// Everything a connection needs from the command line.
struct ConnectionOptions {
    QCommandLineOption user{QStringLiteral("user"), Text::tr("Remote user (default: from ~/.ssh/config, else yours)."), Text::tr("USER")};
    QCommandLineOption port{QStringLiteral("port"), Text::tr("SSH port (default: from ~/.ssh/config, else 22)."), Text::tr("PORT")};
    QCommandLineOption identity{QStringLiteral("identity"), Text::tr("Private key file, e.g. an EC2 .pem."), Text::tr("FILE")};
    QCommandLineOption acceptNewHostKey{QStringLiteral("accept-new-host-key"),
                                        Text::tr("Trust and record an unknown host key (never a changed one).")};
    QCommandLineOption knownHosts{QStringLiteral("known-hosts"), Text::tr("known_hosts file (default: ~/.ssh/known_hosts)."), Text::tr("FILE")};
    QCommandLineOption sshConfig{QStringLiteral("ssh-config"), Text::tr("SSH client config (default: ~/.ssh/config)."), Text::tr("FILE")};
    QCommandLineOption remoteDir{QStringLiteral("remote-dir"), Text::tr("Directory on the host for the recorder and runs (default: ~/.cache/runlens)."), Text::tr("DIR")};
    QCommandLineOption timeout{QStringLiteral("timeout"), Text::tr("Seconds each network step may take (default: 20)."), Text::tr("SECONDS"), QStringLiteral("20")};

    void addTo(QCommandLineParser& parser)
    {
        parser.addOptions({user, port, identity, acceptNewHostKey, knownHosts, sshConfig, remoteDir, timeout});
    }

    SshTarget target(const QCommandLineParser& parser, const QString& host) const
    {
        SshTarget target;
        target.host = host;
        target.user = parser.value(user);
        target.port = parser.value(port).toInt();
        target.identityFile = parser.value(identity);
        target.knownHostsFile = parser.value(knownHosts);
        target.sshConfigFile = parser.value(sshConfig);
        target.timeoutSeconds = std::max(1, parser.value(timeout).toInt());
        return target;
    }

    SshPrompts prompts(const QCommandLineParser& parser) const
    {
        SshPrompts prompts;
        const bool accept = parser.isSet(acceptNewHostKey);
        prompts.acceptNewHostKey = [accept](const QString& host, const QString& type, const QString& fingerprint) {
            printLine(stderr, accept ? Text::tr("runlens: accepting the new %1 host key of %2: %3").arg(type, host, fingerprint)
                                     : Text::tr("runlens: the host key of %1 is unknown: %2 %3").arg(host, type, fingerprint));
            return accept;
        };
        return prompts;
    }

    // The directory on the host, "~/..." resolved against the remote home.
    QString remoteDirectory(const QCommandLineParser& parser, const RemoteHostInfo& host) const
    {
        QString dir = parser.isSet(remoteDir) ? parser.value(remoteDir) : QStringLiteral("~/.cache/runlens");
        if (dir == QLatin1String("~"))
            dir = host.home;
        else if (dir.startsWith(QLatin1String("~/")))
            dir = host.home + dir.mid(1);
        return dir;
    }
};

QString runsDirectory(const QString& remoteDirectory)
{
    return remoteDirectory + QStringLiteral("/runs");
}

TransferProgress printedProgress(const QString& what)
{
    return [what, lastPercent = -1](qint64 done, qint64 total) mutable {
        const int percent = total > 0 ? int(done * 100 / total) : 100;
        if (percent / 10 != lastPercent / 10) {
            printLine(stderr, Text::tr("runlens: %1 %2% (%3 of %4 bytes)").arg(what).arg(percent).arg(done).arg(total));
            lastPercent = percent;
        }
        return true;
    };
}

int runRecord(const QStringList& arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(Text::tr("Install the recorder on HOST over SSH, record there, and optionally fetch the run."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("HOST"), Text::tr("Host name, address or ~/.ssh/config alias."));
    ConnectionOptions connection;
    connection.addTo(parser);
    const QCommandLineOption name{QStringLiteral("name"), Text::tr("Run name (default: HOST-YYYYMMDD-HHMMSS)."), Text::tr("NAME")};
    const QCommandLineOption duration{QStringLiteral("duration"), Text::tr("How long to record, e.g. 60s, 4m (default: 60s)."), Text::tr("DURATION"), QStringLiteral("60s")};
    const QCommandLineOption interval{QStringLiteral("interval"), Text::tr("Time between samples (default: 1s)."), Text::tr("INTERVAL"), QStringLiteral("1s")};
    const QCommandLineOption profile{QStringLiteral("profile"), Text::tr("Sample CPU stacks for flame graphs (needs perf_event_open permission on the host).")};
    const QCommandLineOption noPmu{QStringLiteral("no-pmu"), Text::tr("Do not read CPU counters.")};
    const QCommandLineOption sudo{QStringLiteral("sudo"), Text::tr("Run the recorder with passwordless sudo.")};
    const QCommandLineOption fetch{QStringLiteral("fetch"), Text::tr("Wait for the run and download it into DIR."), Text::tr("DIR")};
    const QCommandLineOption recorder{QStringLiteral("recorder"), Text::tr("The runlens-rec to upload (default: next to runlens, or $RUNLENS_REC)."), Text::tr("FILE")};
    const QCommandLineOption recorderArg{QStringLiteral("recorder-arg"), Text::tr("An extra argument for 'runlens-rec record' (repeatable)."), Text::tr("ARG")};
    parser.addOptions({name, duration, interval, profile, noPmu, sudo, fetch, recorder, recorderArg});
    parser.process(arguments);
    if (parser.positionalArguments().size() != 1) {
        printLine(stderr, Text::tr("runlens remote record: expected one HOST. See --help."));
        return 2;
    }
    const QString host = parser.positionalArguments().constFirst();
    const LocalRecorders recorders = parser.isSet(recorder) ? RecorderInstaller::fromFile(parser.value(recorder))
                                                            : RecorderInstaller::findLocalRecorders();
    if (recorders.isEmpty()) {
        printLine(stderr, parser.isSet(recorder)
                              ? Text::tr("runlens remote record: %1 is not a runlens-rec for x86_64 or arm64 Linux.").arg(parser.value(recorder))
                              : Text::tr("runlens remote record: no runlens-rec found next to runlens; pass --recorder FILE or set RUNLENS_REC."));
        return 2;
    }
    RecordingRequest request;
    request.name = parser.isSet(name) ? parser.value(name)
                                      : QString(host).replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9_-]")), QStringLiteral("_"))
                                            + QDateTime::currentDateTimeUtc().toString(QStringLiteral("-yyyyMMdd-HHmmss"));
    if (const QString why = RemoteRecording::whyInvalidName(request.name); !why.isEmpty()) {
        printLine(stderr, Text::tr("runlens remote record: %1.").arg(why));
        return 2;
    }
    request.duration = parser.value(duration);
    request.interval = parser.value(interval);
    request.profile = parser.isSet(profile);
    request.pmu = !parser.isSet(noPmu);
    request.useSudo = parser.isSet(sudo);
    request.extraRecorderArguments = parser.values(recorderArg);

    try {
        SshSession session(connection.target(parser, host), connection.prompts(parser));
        printLine(stderr, Text::tr("runlens: connecting to %1").arg(session.target().displayName()));
        session.connect();
        const RemoteHostInfo info = RemoteHostInfo::probe(session);
        printLine(stderr, Text::tr("runlens: %1 is %2 %3. %4").arg(host, info.os, info.machine, info.pmuAdvice()));
        const QString remoteDir = connection.remoteDirectory(parser, info);
        RecorderInstaller installer(recorders);
        const RecorderInstallResult installed = installer.install(session, info, remoteDir, printedProgress(Text::tr("uploading the recorder")));
        printLine(stderr, installed.uploaded ? Text::tr("runlens: installed %1 as %2").arg(installed.version, installed.remotePath)
                                             : Text::tr("runlens: %1 is already installed").arg(installed.version));
        RemoteRecording recording(session, installed.remotePath, runsDirectory(remoteDir));
        recording.start(request);
        printLine(stderr, Text::tr("runlens: recording %1 on %2").arg(request.name, host));
        if (!parser.isSet(fetch)) {
            printLine(stdout, recording.remoteArchivePath(request.name));
            return 0;
        }
        RecordingStatus status;
        int polls = 0;
        while (!(status = recording.status(request.name)).isFinished()) {
            if (++polls % 5 == 0)
                printLine(stderr, Text::tr("runlens: %1 %2 s, %3 samples").arg(status.state).arg(status.elapsedSeconds, 0, 'f', 0).arg(status.samples));
            if (polls % 30 == 0)
                session.sendKeepalive();
            QThread::msleep(1000);
        }
        if (status.state != QLatin1String("done")) {
            printLine(stderr, Text::tr("runlens remote record: the recording on %1 ended as \"%2\".").arg(host, status.state));
            return 1;
        }
        const QString local = recording.fetch(request.name, parser.value(fetch), printedProgress(Text::tr("downloading")));
        printLine(stdout, local);
        return 0;
    } catch (const SshError& error) {
        printLine(stderr, Text::tr("runlens remote record: %1").arg(error.message()));
        return 1;
    }
}

int runFetchOrList(const QStringList& arguments, bool list)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(list ? Text::tr("List the run archives on HOST.") : Text::tr("Download the run RUN from HOST and verify it."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("HOST"), Text::tr("Host name, address or ~/.ssh/config alias."));
    if (!list)
        parser.addPositionalArgument(QStringLiteral("RUN"), Text::tr("The run's name."));
    ConnectionOptions connection;
    connection.addTo(parser);
    const QCommandLineOption to{QStringLiteral("to"), Text::tr("Local directory for the archive."), Text::tr("DIR")};
    const QCommandLineOption deleteRemote{QStringLiteral("delete-remote"), Text::tr("Delete the host's copy after a verified download.")};
    if (!list)
        parser.addOptions({to, deleteRemote});
    parser.process(arguments);
    const QStringList positional = parser.positionalArguments();
    if (positional.size() != (list ? 1 : 2) || (!list && !parser.isSet(to))) {
        printLine(stderr, list ? Text::tr("runlens remote list: expected HOST. See --help.")
                               : Text::tr("runlens remote fetch: expected HOST RUN --to DIR. See --help."));
        return 2;
    }
    try {
        SshSession session(connection.target(parser, positional[0]), connection.prompts(parser));
        session.connect();
        const RemoteHostInfo info = RemoteHostInfo::probe(session);
        RemoteRecording recording(session, QString(), runsDirectory(connection.remoteDirectory(parser, info)));
        if (list) {
            for (const RemoteRun& run : recording.listRuns())
                printLine(stdout, QStringLiteral("%1\t%2").arg(run.name).arg(run.bytes));
            return 0;
        }
        const QString local = recording.fetch(positional[1], parser.value(to), printedProgress(Text::tr("downloading")));
        if (parser.isSet(deleteRemote))
            recording.deleteRun(positional[1]);
        printLine(stdout, local);
        return 0;
    } catch (const SshError& error) {
        printLine(stderr, Text::tr("runlens remote: %1").arg(error.message()));
        return 1;
    }
}

} // namespace

int runRemoteCommand(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    const QStringList all = QCoreApplication::arguments();
    const QString action = all.size() > 2 ? all[2] : QString();
    // The parser sees "runlens remote ACTION" as the program name and the rest as arguments.
    QStringList arguments{QStringLiteral("runlens remote ") + action};
    arguments += all.mid(3);
    if (action == QLatin1String("record"))
        return runRecord(arguments);
    if (action == QLatin1String("fetch"))
        return runFetchOrList(arguments, false);
    if (action == QLatin1String("list"))
        return runFetchOrList(arguments, true);
    printLine(stderr, Text::tr("Usage: runlens remote record|fetch|list HOST ... (see runlens remote ACTION --help)"));
    return 2;
}
