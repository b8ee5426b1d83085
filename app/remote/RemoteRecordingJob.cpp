#include "RemoteRecordingJob.h"

#include "RecorderInstaller.h"
#include "RemoteHostInfo.h"
#include "SshSession.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QSysInfo>
#include <QThread>

namespace {

TransferProgress percentOf(RemoteRecordingJob* job)
{
    return [job](qint64 done, qint64 total) {
        emit job->progressChanged(total > 0 ? int(done * 100 / total) : -1);
        return true;
    };
}

} // namespace

RemoteRecordingJob::RemoteRecordingJob(RemoteJobSettings settings, QObject* promptContext,
                                       std::function<bool(const QString&, const QString&, const QString&)> askHostKey,
                                       std::function<std::optional<QString>(const QString&, bool)> askSecret)
    : m_settings(std::move(settings))
    , m_promptContext(promptContext)
    , m_askHostKey(std::move(askHostKey))
    , m_askSecret(std::move(askSecret))
{
}

void RemoteRecordingJob::run()
{
    try {
        runSteps();
    } catch (const SshError& error) {
        emit failed(error.message());
    }
    emit finished();
}

void RemoteRecordingJob::runSteps()
{
    // The worker waits while the GUI thread asks; the answer is used once and not kept.
    SshPrompts prompts;
    prompts.acceptNewHostKey = [this](const QString& host, const QString& type, const QString& fingerprint) {
        bool accepted = false;
        QMetaObject::invokeMethod(m_promptContext, [&] { accepted = m_askHostKey(host, type, fingerprint); }, Qt::BlockingQueuedConnection);
        return accepted;
    };
    prompts.askSecret = [this](const QString& prompt, bool echo) {
        std::optional<QString> answer;
        QMetaObject::invokeMethod(m_promptContext, [&] { answer = m_askSecret(prompt, echo); }, Qt::BlockingQueuedConnection);
        return answer;
    };

    const QString host = m_settings.target.host;
    SshSession session(m_settings.target, prompts, &m_cancel);
    emit progressChanged(-1);
    emit stateChanged(tr("Connecting to %1…").arg(m_settings.target.displayName()));
    session.connect();

    emit stateChanged(tr("Checking %1…").arg(host));
    const RemoteHostInfo info = RemoteHostInfo::probe(session);
    emit hostDescribed(tr("%1 %2. %3").arg(info.os, info.machine, info.pmuAdvice()));
    QString remoteDirectory = m_settings.remoteDirectory;
    if (remoteDirectory.startsWith(QLatin1String("~/")))
        remoteDirectory = info.home + remoteDirectory.mid(1);

    emit stateChanged(tr("Installing the recorder on %1…").arg(host));
    RecorderInstaller installer(m_settings.recorders);
    const RecorderInstallResult installed = installer.install(session, info, remoteDirectory, percentOf(this));

    RemoteRecording recording(session, installed.remotePath, remoteDirectory + QStringLiteral("/runs"));
    const QString name = m_settings.request.name;
    emit stateChanged(tr("Starting the recording %1…").arg(name));
    recording.start(m_settings.request);

    const std::optional<double> seconds = [&]() -> std::optional<double> {
        const QString text = m_settings.request.duration;
        if (text.endsWith(QLatin1String("ms")))
            return text.chopped(2).toDouble() / 1000;
        if (text.endsWith(QLatin1Char('s')))
            return text.chopped(1).toDouble();
        if (text.endsWith(QLatin1Char('m')))
            return text.chopped(1).toDouble() * 60;
        if (text.endsWith(QLatin1Char('h')))
            return text.chopped(1).toDouble() * 3600;
        return std::nullopt;
    }();
    QDeadlineTimer keepalive{std::chrono::seconds(30)};
    bool stopSent = false;
    RecordingStatus status;
    while (!(status = recording.status(name)).isFinished()) {
        if (m_stopEarly && !stopSent) {
            emit stateChanged(tr("Stopping the recording early; the recorder writes its archive…"));
            recording.stop(name, m_settings.request.useSudo);
            stopSent = true;
        }
        if (!stopSent)
            emit stateChanged(tr("Recording %1 on %2: %3 s, %4 samples").arg(name, host).arg(status.elapsedSeconds, 0, 'f', 0).arg(status.samples));
        emit progressChanged(seconds && *seconds > 0 ? std::min(100, int(status.elapsedSeconds * 100 / *seconds)) : -1);
        if (keepalive.hasExpired()) {
            session.sendKeepalive();
            keepalive.setRemainingTime(std::chrono::seconds(30));
        }
        if (m_cancel)
            throw SshError(SshError::Kind::Cancelled,
                           tr("Cancelled. The recording %1 goes on on %2; fetch it later from the remote runs.").arg(name, host));
        QThread::msleep(1000);
    }
    if (status.state != QLatin1String("done"))
        throw SshError(SshError::Kind::Command, tr("The recording %1 on %2 ended as \"%3\"; its samples stay in the spool "
                                                   "directory on the host.").arg(name, host, status.state));

    emit stateChanged(tr("Downloading %1…").arg(name));
    const QString local = recording.fetch(name, m_settings.fetchDirectory, percentOf(this));
    if (m_settings.deleteRemoteAfterFetch)
        recording.deleteRun(name);
    emit progressChanged(100);
    emit stateChanged(tr("Fetched %1.").arg(local));
    emit fetched(local);
}
