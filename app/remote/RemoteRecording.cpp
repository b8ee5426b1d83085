#include "RemoteRecording.h"

#include "QuotedCommand.h"
#include "RecorderInstaller.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QThread>

namespace {

// The messages' translation context (lupdate reads Q_DECLARE_TR_FUNCTIONS; a free tr() it cannot).
struct Text {
    Q_DECLARE_TR_FUNCTIONS(RemoteRecording)
};

} // namespace

RemoteRecording::RemoteRecording(SshSession& session, QString recorder, QString runsDirectory)
    : m_session(session)
    , m_recorder(std::move(recorder))
    , m_runsDirectory(std::move(runsDirectory))
{
}

QString RemoteRecording::whyInvalidName(const QString& name)
{
    if (name.isEmpty())
        return Text::tr("the run name is empty");
    if (name.size() > 120)
        return Text::tr("the run name is longer than 120 characters");
    if (name.startsWith(QLatin1Char('.')) || name.startsWith(QLatin1Char('-')))
        return Text::tr("the run name cannot start with '.' or '-'");
    for (const QChar c : name) {
        if (c == QLatin1Char('/') || c == QLatin1Char('\\'))
            return Text::tr("the run name cannot contain '/' or '\\'");
        if (c.unicode() < 0x20 || c.unicode() == 0x7f)
            return Text::tr("the run name cannot contain control characters");
    }
    return {};
}

QString RemoteRecording::remoteArchivePath(const QString& name) const
{
    return m_runsDirectory + QLatin1Char('/') + name + QStringLiteral(".tar.gz");
}

void RemoteRecording::start(const RecordingRequest& request)
{
    if (const QString why = whyInvalidName(request.name); !why.isEmpty())
        throw SshError(SshError::Kind::Command, Text::tr("Cannot record \"%1\": %2.").arg(request.name, why));
    QuotedCommand record;
    if (request.useSudo)
        record.args({QStringLiteral("sudo"), QStringLiteral("-n")});
    record.args({m_recorder, QStringLiteral("record"), QStringLiteral("--quiet"), QStringLiteral("--name"), request.name,
                 QStringLiteral("--out"), m_runsDirectory, QStringLiteral("--interval"), request.interval});
    if (!request.duration.isEmpty())
        record.args({QStringLiteral("--duration"), request.duration});
    if (!request.pmu)
        record.args({QStringLiteral("--skip"), QStringLiteral("pmu")});
    if (request.profile)
        record.args({QStringLiteral("--profile")});
    if (!request.workloadPreset.isEmpty())
        record.args({QStringLiteral("--workload-preset"), request.workloadPreset});
    record.args(request.extraRecorderArguments);
    // Last: everything after -- belongs to the command.
    if (!request.workloadCommand.trimmed().isEmpty())
        record.args({QStringLiteral("--"), QStringLiteral("sh"), QStringLiteral("-c"), request.workloadCommand});

    // nohup + setsid: the recorder leaves the session's process group and ignores SIGHUP, so it
    // keeps recording when the connection drops. Its output goes to a log beside the archive.
    const QString log = m_runsDirectory + QLatin1Char('/') + request.name + QStringLiteral(".log");
    QuotedCommand command;
    command.args({QStringLiteral("mkdir"), QStringLiteral("-p"), m_runsDirectory})
        .raw(QStringLiteral("&&"))
        .args({QStringLiteral("cd"), m_runsDirectory})
        .raw(QStringLiteral("|| exit 1;"))
        .args({QStringLiteral("nohup"), QStringLiteral("setsid")})
        .then(record)
        .raw(QStringLiteral("</dev/null >"))
        .arg(log)
        .raw(QStringLiteral("2>&1 &"));
    m_session.runChecked(command.toString(), Text::tr("Starting the recording"), 30);

    // The recorder validates its options before it writes the status file: wait for one or the
    // other. A recorder that refused to start has written why into its log.
    const QString showLog = QuotedCommand({QStringLiteral("cat"), QStringLiteral("--"), log}).raw(QStringLiteral("2>/dev/null")).toString();
    for (int attempt = 0; attempt < 50; ++attempt) {
        if (status(request.name).state != QLatin1String("not_found"))
            return;
        if (attempt >= 5) {
            const QString output = QString::fromUtf8(m_session.run(showLog, 10).out).trimmed();
            if (!output.isEmpty())
                throw SshError(SshError::Kind::Command, Text::tr("The recorder on %1 did not start: %2").arg(m_session.target().host, output));
        }
        QThread::msleep(200);
    }
    throw SshError(SshError::Kind::Command, Text::tr("The recorder on %1 did not start within 10 seconds.").arg(m_session.target().host));
}

RecordingStatus RemoteRecording::parseStatus(const QByteArray& json)
{
    const QJsonObject object = QJsonDocument::fromJson(json).object();
    RecordingStatus status;
    status.state = object.value(QLatin1String("state")).toString(QStringLiteral("unknown"));
    status.elapsedSeconds = object.value(QLatin1String("elapsed_s")).toDouble();
    status.samples = object.value(QLatin1String("samples")).toInteger();
    status.pid = object.value(QLatin1String("pid")).toInteger();
    status.archive = object.value(QLatin1String("archive")).toString();
    status.archiveBytes = object.value(QLatin1String("archive_bytes")).toInteger();
    return status;
}

RecordingStatus RemoteRecording::status(const QString& name)
{
    const RemoteCommandResult result = m_session.runChecked(
        QuotedCommand({m_recorder, QStringLiteral("status"), m_runsDirectory, QStringLiteral("--name"), name}).toString(),
        Text::tr("Reading the recording's status"), 30);
    return parseStatus(result.out);
}

void RemoteRecording::stop(const QString& name, bool useSudo)
{
    const RecordingStatus current = status(name);
    if (current.isFinished() || current.pid <= 0)
        return;
    QuotedCommand kill;
    if (useSudo)
        kill.args({QStringLiteral("sudo"), QStringLiteral("-n")});
    kill.args({QStringLiteral("kill"), QStringLiteral("-INT"), QString::number(current.pid)});
    m_session.runChecked(kill.toString(), Text::tr("Stopping the recording"), 30);
}

QList<RemoteRun> RemoteRecording::listRuns()
{
    QList<RemoteRun> runs;
    if (!m_session.remoteFileSize(m_runsDirectory))
        return runs; // nothing recorded on this host yet
    const QString suffix = QStringLiteral(".tar.gz");
    for (const RemoteFileEntry& entry : m_session.listDirectory(m_runsDirectory)) {
        // Hidden .NAME.tar.gz.partial-PID files are archives being written.
        if (!entry.isDirectory && entry.name.endsWith(suffix) && !entry.name.startsWith(QLatin1Char('.')))
            runs.append({entry.name.chopped(suffix.size()), entry.size, entry.modifiedSecs});
    }
    std::sort(runs.begin(), runs.end(), [](const RemoteRun& a, const RemoteRun& b) { return a.name < b.name; });
    return runs;
}

QString RemoteRecording::fetch(const QString& name, const QString& localDirectory, const TransferProgress& progress)
{
    if (const QString why = whyInvalidName(name); !why.isEmpty())
        throw SshError(SshError::Kind::Command, Text::tr("Cannot fetch \"%1\": %2.").arg(name, why));
    const QString remote = remoteArchivePath(name);
    const QString target = QDir(localDirectory).filePath(name + QStringLiteral(".tar.gz"));
    const QString partial = target + QStringLiteral(".part");
    const RemoteCommandResult sum = m_session.run(QuotedCommand({QStringLiteral("sha256sum"), QStringLiteral("--"), remote}).toString(), 120);
    const QString remoteSum = sha256FromSumOutput(sum.out);
    if (sum.exitCode != 0 || remoteSum.isEmpty())
        throw SshError(SshError::Kind::Transfer, Text::tr("The run %1 is not on %2 (%3).")
                                                     .arg(name, m_session.target().host, QString::fromUtf8(sum.err.trimmed())));
    if (QFile::exists(target) && RecorderInstaller::sha256OfFile(target) == remoteSum)
        return target; // fetched before
    if (!QDir().mkpath(localDirectory))
        throw SshError(SshError::Kind::Transfer, Text::tr("Could not create %1.").arg(localDirectory));

    m_session.downloadResuming(remote, partial, progress);
    const QString localSum = RecorderInstaller::sha256OfFile(partial);
    if (localSum != remoteSum) {
        QFile::remove(partial);
        throw SshError(SshError::Kind::Checksum, Text::tr("The download of %1 from %2 does not match the host's copy (SHA-256 %3, "
                                                    "expected %4). The partial file was removed; fetch again.")
                                                     .arg(name, m_session.target().host, localSum, remoteSum));
    }
    QFile::remove(target);
    if (!QFile::rename(partial, target))
        throw SshError(SshError::Kind::Transfer, Text::tr("Could not move the download into %1.").arg(target));
    return target;
}

void RemoteRecording::deleteRun(const QString& name)
{
    if (const QString why = whyInvalidName(name); !why.isEmpty())
        throw SshError(SshError::Kind::Command, Text::tr("Cannot delete \"%1\": %2.").arg(name, why));
    m_session.removeFile(remoteArchivePath(name));
}
