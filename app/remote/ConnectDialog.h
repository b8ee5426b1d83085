// Connect to a host over SSH, record there and fetch the run: the form (host completing from the
// ~/.ssh/config aliases, user, port, key, agent, recording options), the live state and progress of
// the job on its worker thread, Stop Early and Cancel. Recent hosts are remembered without secrets.
#pragma once

#include "RemoteRecordingJob.h"
#include "RemoteRunsBrowser.h"

#include <QDialog>
#include <QMap>
#include <QPointer>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QThread;

class ConnectDialog : public QDialog
{
    Q_OBJECT

public:
    explicit ConnectDialog(QWidget* parent = nullptr, const QString& sshConfigPath = QString());
    ~ConnectDialog() override;

    // What the form asks for, as the job will get it (tests and the main window read it).
    RemoteJobSettings settingsFromForm() const;
    // One job's settings per host when the host field lists several (separated by commas or
    // spaces): the same recording on each, named NAME-HOST so that the fetched runs do not collide.
    QList<RemoteJobSettings> settingsForEachHost() const;
    QStringList hostCompletions() const;
    bool isBusy() const { return !m_threads.isEmpty(); }

    QLineEdit* hostEdit() const { return m_host; }
    QLineEdit* userEdit() const { return m_user; }
    QLineEdit* identityEdit() const { return m_identity; }
    QLineEdit* nameEdit() const { return m_name; }
    QLabel* stateLabel() const { return m_state; }

    // "Runs on Host…": a browser of the archives on the form's host, connected with the same
    // settings and questions; the runs it fetches come out of runFetched.
    RemoteRunsBrowser* openRunsBrowser();

    // The questions both the recording and the browser ask on the GUI thread.
    static bool askHostKey(QWidget* parent, const QString& host, const QString& keyType, const QString& fingerprint);
    static std::optional<QString> askSecret(QWidget* parent, const QString& prompt, bool echo);

signals:
    void runFetched(const QString& localPath);

protected:
    void reject() override;

private:
    void start();
    void finishJob(QThread* thread);
    void showHostStates();
    void browseIdentity();
    void fillFromRecent(const QString& host);
    void rememberHost() const;
    void setBusy(bool busy);

    QLineEdit* m_host = nullptr;
    QLineEdit* m_user = nullptr;
    QSpinBox* m_port = nullptr;
    QLineEdit* m_identity = nullptr;
    QCheckBox* m_agent = nullptr;
    QLineEdit* m_name = nullptr;
    QLineEdit* m_duration = nullptr;
    QLineEdit* m_interval = nullptr;
    QLineEdit* m_workload = nullptr;
    QComboBox* m_workloadPreset = nullptr;
    QCheckBox* m_profile = nullptr;
    QCheckBox* m_pmu = nullptr;
    QCheckBox* m_sudo = nullptr;
    QCheckBox* m_deleteRemote = nullptr;
    QLabel* m_state = nullptr;
    QLabel* m_hostAdvice = nullptr;
    QProgressBar* m_progress = nullptr;
    QPushButton* m_startButton = nullptr;
    QPushButton* m_stopButton = nullptr;
    QPushButton* m_cancelButton = nullptr;
    QPushButton* m_runsButton = nullptr;
    QStringList m_completions;

    // One worker thread and job per host, side by side.
    QList<QThread*> m_threads;
    QList<QPointer<RemoteRecordingJob>> m_jobs;
    QStringList m_jobHosts;          // the hosts of this start, in order
    QMap<QString, QString> m_hostStates;  // host -> its latest state line (several hosts)
    QMap<QString, QString> m_hostAdvices;
    QMap<QString, int> m_hostProgress;
    QStringList m_fetchedPaths;      // opened together once every job has ended
};
