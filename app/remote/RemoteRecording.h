// A recording on a remote host: started detached (nohup + setsid, so a dropped SSH session does not
// end it), followed through `runlens-rec status`, stopped early with SIGINT (the recorder still
// writes its archive), and fetched with resume and a SHA-256 check against the host's sha256sum.
#pragma once

#include "SshSession.h"

#include <QString>
#include <QStringList>

struct RecordingRequest {
    QString name;        // the run name; any characters the recorder accepts, quoted on the way
    QString duration;    // e.g. "3s", "4m"; empty: until stopped
    QString interval = QStringLiteral("1s");
    bool profile = false; // sample CPU stacks (runlens-rec record --profile)
    bool pmu = true;      // CPU counters
    bool useSudo = false; // run the recorder with `sudo -n`
    QStringList extraRecorderArguments; // passed to `runlens-rec record` as they are (e.g. --imds-endpoint off)
    // The workload to run under the recorder (`-- sh -c COMMAND`): a shell command line, run on
    // the host after the first sample; the recording ends when it exits (or at the duration).
    QString workloadCommand;
    QString workloadPreset; // sysbench, fio, pgbench, wrk: how its output becomes metrics; empty: none
};

struct RecordingStatus {
    QString state;        // recording, packing, done, interrupted, not_found, unknown
    double elapsedSeconds = 0;
    qint64 samples = 0;
    qint64 pid = 0;
    QString archive;      // the remote archive once done
    qint64 archiveBytes = 0;
    bool isFinished() const { return state != QLatin1String("recording") && state != QLatin1String("packing"); }
};

struct RemoteRun {
    QString name;
    qint64 bytes = 0;
    qint64 modifiedSecs = 0; // the archive's modification time, seconds since the epoch (0: unknown)
};

class RemoteRecording
{
public:
    // recorder: the installed runlens-rec; runsDirectory: where the archives go on the host.
    RemoteRecording(SshSession& session, QString recorder, QString runsDirectory);

    // Starts the recorder detached and waits until its status file exists; throws with the
    // recorder's own message when it refuses to start.
    void start(const RecordingRequest& request);
    RecordingStatus status(const QString& name);
    // SIGINT: the recorder stops sampling and writes the archive.
    void stop(const QString& name, bool useSudo = false);

    QList<RemoteRun> listRuns();
    QString remoteArchivePath(const QString& name) const;
    // Downloads NAME.tar.gz into localDirectory (resuming NAME.tar.gz.part), verifies its SHA-256
    // against the host's, and returns the local path. A mismatch removes the partial file.
    QString fetch(const QString& name, const QString& localDirectory, const TransferProgress& progress = {});
    void deleteRun(const QString& name);

    // Why a run name cannot be used (same rules as the recorder), or empty.
    static QString whyInvalidName(const QString& name);
    static RecordingStatus parseStatus(const QByteArray& json);

private:
    SshSession& m_session;
    QString m_recorder;
    QString m_runsDirectory;
};
