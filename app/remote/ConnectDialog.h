// Connect to a host over SSH, record there and fetch the run: the form (host completing from the
// ~/.ssh/config aliases, user, port, key, agent, recording options), the live state and progress of
// the job on its worker thread, Stop Early and Cancel. Recent hosts are remembered without secrets.
#pragma once

#include "RemoteRecordingJob.h"

#include <QDialog>
#include <QPointer>

class QCheckBox;
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
    QStringList hostCompletions() const;
    bool isBusy() const { return m_thread != nullptr; }

    QLineEdit* hostEdit() const { return m_host; }
    QLineEdit* userEdit() const { return m_user; }
    QLineEdit* identityEdit() const { return m_identity; }
    QLineEdit* nameEdit() const { return m_name; }
    QLabel* stateLabel() const { return m_state; }

signals:
    void runFetched(const QString& localPath);

protected:
    void reject() override;

private:
    void start();
    void finishJob();
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
    QStringList m_completions;

    QThread* m_thread = nullptr;
    QPointer<RemoteRecordingJob> m_job;
};
