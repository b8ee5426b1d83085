// The Connect dialog's work on a worker thread, one job per host: connect, probe, install the
// recorder, start it detached, follow its status, fetch the archive. Questions for the user (host
// key, passphrase, password) are asked on the GUI thread through the functions given, while the
// worker waits. Cancel and "stop early" are thread-safe.
#pragma once

#include "RecorderInstaller.h"
#include "RemoteRecording.h"
#include "SshTarget.h"

#include <QObject>

#include <atomic>
#include <functional>
#include <optional>

struct RemoteJobSettings {
    SshTarget target;
    RecordingRequest request;
    QString remoteDirectory = QStringLiteral("~/.cache/runlens"); // "~/" is the remote home
    LocalRecorders recorders; // the runlens-rec per architecture to install from
    QString fetchDirectory; // where the archive is saved
    bool deleteRemoteAfterFetch = false;
};

class RemoteRecordingJob : public QObject
{
    Q_OBJECT

public:
    // promptContext: an object living on the GUI thread, in whose thread the questions are asked.
    RemoteRecordingJob(RemoteJobSettings settings, QObject* promptContext,
                       std::function<bool(const QString& host, const QString& keyType, const QString& fingerprint)> askHostKey,
                       std::function<std::optional<QString>(const QString& prompt, bool echo)> askSecret);

    // The whole flow; call it on the worker thread (QThread::started).
    void run();
    void cancel() { m_cancel = true; }
    void stopEarly() { m_stopEarly = true; }

signals:
    void stateChanged(const QString& text);
    // percent 0..100 of the current step, or -1 when its length is not known.
    void progressChanged(int percent);
    void hostDescribed(const QString& advice);
    void fetched(const QString& localPath);
    void failed(const QString& message);
    void finished();

private:
    void runSteps();

    RemoteJobSettings m_settings;
    QObject* m_promptContext;
    std::function<bool(const QString&, const QString&, const QString&)> m_askHostKey;
    std::function<std::optional<QString>(const QString&, bool)> m_askSecret;
    std::atomic_bool m_cancel{false};
    std::atomic_bool m_stopEarly{false};
};
