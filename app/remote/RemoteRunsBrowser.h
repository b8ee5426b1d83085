// The runs on a host: lists the archives in the recorder's runs directory (name, size, date), fetches
// the chosen ones (progress, cancel, resume and SHA-256 check as RemoteRecording::fetch does) and
// deletes them on the host after asking. All SSH work happens on one worker thread that keeps its
// connection between steps; host-key and secret questions are asked on the GUI thread.
#pragma once

#include "RemoteRecording.h"
#include "SshTarget.h"

#include <QDialog>
#include <QList>

#include <atomic>
#include <functional>
#include <memory>
#include <optional>

class QLabel;
class QProgressBar;
class QPushButton;
class QThread;
class QTreeWidget;

using HostKeyQuestion = std::function<bool(const QString& host, const QString& keyType, const QString& fingerprint)>;
using SecretQuestion = std::function<std::optional<QString>(const QString& prompt, bool echo)>;

// Lives on the browser's worker thread; each step is queued to it and ends with finished().
class RemoteRunsWorker : public QObject
{
    Q_OBJECT

public:
    RemoteRunsWorker(SshTarget target, QString remoteDirectory, QObject* promptContext, HostKeyQuestion askHostKey,
                     SecretQuestion askSecret);
    ~RemoteRunsWorker() override;

    void list();
    void fetch(const QStringList& names, const QString& localDirectory);
    void remove(const QStringList& names);
    void cancel() { m_cancel = true; }

signals:
    void stateChanged(const QString& text);
    void progressChanged(int percent); // 0..100, or -1 when the length is not known
    void listed(const QList<RemoteRun>& runs);
    void fetched(const QString& localPath);
    void failed(const QString& message);
    void finished();

private:
    void step(const std::function<void()>& work);
    RemoteRecording& recording();

    SshTarget m_target;
    QString m_remoteDirectory;
    QObject* m_promptContext;
    HostKeyQuestion m_askHostKey;
    SecretQuestion m_askSecret;
    std::atomic_bool m_cancel{false};
    std::unique_ptr<SshSession> m_session;
    std::unique_ptr<RemoteRecording> m_recording;
};

class RemoteRunsBrowser : public QDialog
{
    Q_OBJECT

public:
    // remoteDirectory: the recorder's directory on the host ("~/" is the remote home); the runs are
    // in its runs/ subdirectory. The questions are asked on the GUI thread while the worker waits
    // (the Connect dialog passes its own, so both ask the same way).
    RemoteRunsBrowser(SshTarget target, QString remoteDirectory, HostKeyQuestion askHostKey, SecretQuestion askSecret,
                      QWidget* parent = nullptr);
    ~RemoteRunsBrowser() override;

    // Where fetched archives go (default: the application's runs directory).
    void setFetchDirectory(const QString& directory) { m_fetchDirectory = directory; }
    QString fetchDirectory() const { return m_fetchDirectory; }
    bool isBusy() const { return m_busy; }
    QTreeWidget* runsView() const { return m_runs; }
    QLabel* stateLabel() const { return m_state; }

    void refresh();
    void fetchSelected();
    // confirm: ask before deleting (the Delete button always does).
    void deleteSelected(bool confirm = true);

signals:
    void runFetched(const QString& localPath);

protected:
    void reject() override;

private:
    void setBusy(bool busy);
    void showRuns(const QList<RemoteRun>& runs);
    QStringList selectedNames() const;
    void updateButtons();

    SshTarget m_target;
    QString m_fetchDirectory;
    QTreeWidget* m_runs = nullptr;
    QLabel* m_state = nullptr;
    QProgressBar* m_progress = nullptr;
    QPushButton* m_refreshButton = nullptr;
    QPushButton* m_fetchButton = nullptr;
    QPushButton* m_deleteButton = nullptr;
    QPushButton* m_cancelButton = nullptr;
    bool m_busy = false;

    QThread* m_thread = nullptr;
    RemoteRunsWorker* m_worker = nullptr;
};
