#include "ConnectDialog.h"

#include "RecorderInstaller.h"
#include "SshConfigHosts.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QCompleter>
#include <QDateTime>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QThread>
#include <QVBoxLayout>

#include <utility>

namespace {

const QString kRecentHostsKey = QStringLiteral("remote/recentHosts");
constexpr int kMaxRecentHosts = 10;

// Per host: connection settings only. Passwords and passphrases are never written anywhere.
QVariantList recentHosts()
{
    return QSettings().value(kRecentHostsKey).toList();
}

} // namespace

ConnectDialog::ConnectDialog(QWidget* parent, const QString& sshConfigPath)
    : QDialog(parent)
{
    setWindowTitle(tr("Connect to a Host"));
    setObjectName(QStringLiteral("connectDialog"));

    m_host = new QLineEdit(this);
    m_host->setObjectName(QStringLiteral("hostEdit"));
    m_host->setPlaceholderText(tr("host name, address or ~/.ssh/config alias"));
    m_host->setToolTip(tr("Several hosts, separated by commas or spaces, record the same way side by side"));
    m_completions = SshConfigHosts::aliases(sshConfigPath.isEmpty() ? SshConfigHosts::defaultConfigPath() : sshConfigPath);
    for (const QVariant& entry : recentHosts()) {
        const QString host = entry.toMap().value(QStringLiteral("host")).toString();
        if (!host.isEmpty() && !m_completions.contains(host))
            m_completions.prepend(host);
    }
    auto* completer = new QCompleter(m_completions, m_host);
    completer->setCaseSensitivity(Qt::CaseInsensitive);
    m_host->setCompleter(completer);
    connect(m_host, &QLineEdit::editingFinished, this, [this] { fillFromRecent(m_host->text().trimmed()); });

    m_user = new QLineEdit(this);
    m_user->setPlaceholderText(tr("from ~/.ssh/config, else your user name"));
    m_port = new QSpinBox(this);
    m_port->setRange(0, 65535);
    m_port->setSpecialValueText(tr("from ~/.ssh/config, else 22"));
    m_identity = new QLineEdit(this);
    m_identity->setPlaceholderText(tr("optional, e.g. an EC2 .pem"));
    auto* browse = new QPushButton(tr("Browse…"), this);
    connect(browse, &QPushButton::clicked, this, &ConnectDialog::browseIdentity);
    auto* identityRow = new QHBoxLayout;
    identityRow->addWidget(m_identity);
    identityRow->addWidget(browse);
    m_agent = new QCheckBox(tr("Use ssh-agent"), this);
    m_agent->setChecked(true);

    auto* connection = new QGroupBox(tr("Host"), this);
    auto* connectionForm = new QFormLayout(connection);
    connectionForm->addRow(tr("&Host:"), m_host);
    connectionForm->addRow(tr("&User:"), m_user);
    connectionForm->addRow(tr("&Port:"), m_port);
    auto* identityLabel = new QLabel(tr("&Key file:"), this); // a row of two widgets gets no automatic buddy
    identityLabel->setBuddy(m_identity);
    connectionForm->addRow(identityLabel, identityRow);
    connectionForm->addRow(QString(), m_agent);

    m_name = new QLineEdit(this);
    m_name->setPlaceholderText(tr("HOST-YYYYMMDD-HHMMSS"));
    m_duration = new QLineEdit(QStringLiteral("60s"), this);
    m_duration->setToolTip(tr("e.g. 30s, 4m or 1h30m"));
    m_interval = new QLineEdit(QStringLiteral("1s"), this);
    m_workload = new QLineEdit(this);
    m_workload->setObjectName(QStringLiteral("workloadCommand"));
    m_workload->setPlaceholderText(tr("optional, e.g. sysbench cpu --time=60 --report-interval=1 run"));
    m_workload->setToolTip(tr("A shell command the recorder runs on the host after its first sample. The recording ends "
                              "when the command exits (or at the duration, if one is set), and its output is kept in the run."));
    m_workloadPreset = new QComboBox(this);
    m_workloadPreset->setObjectName(QStringLiteral("workloadPreset"));
    m_workloadPreset->addItem(tr("None"), QString());
    for (const char* preset : {"sysbench", "fio", "pgbench", "wrk"})
        m_workloadPreset->addItem(QString::fromLatin1(preset), QString::fromLatin1(preset));
    m_workloadPreset->setToolTip(tr("Which benchmark's output to read as the workload's metrics (throughput, latency)"));
    m_profile = new QCheckBox(tr("Sample CPU stacks (profile)"), this);
    m_pmu = new QCheckBox(tr("Read CPU counters (PMU)"), this);
    m_pmu->setChecked(true);
    m_sudo = new QCheckBox(tr("Run the recorder with sudo (needs passwordless sudo)"), this);
    m_deleteRemote = new QCheckBox(tr("Delete the host's copy after fetching"), this);
    auto* recording = new QGroupBox(tr("Recording"), this);
    auto* recordingForm = new QFormLayout(recording);
    recordingForm->addRow(tr("&Name:"), m_name);
    recordingForm->addRow(tr("&Duration:"), m_duration);
    recordingForm->addRow(tr("&Interval:"), m_interval);
    recordingForm->addRow(tr("&Workload:"), m_workload);
    recordingForm->addRow(tr("&Output metrics:"), m_workloadPreset);
    recordingForm->addRow(QString(), m_profile);
    recordingForm->addRow(QString(), m_pmu);
    recordingForm->addRow(QString(), m_sudo);
    recordingForm->addRow(QString(), m_deleteRemote);

    m_state = new QLabel(tr("Enter a host and start the recording."), this);
    m_state->setObjectName(QStringLiteral("stateLabel"));
    m_state->setWordWrap(true);
    m_state->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_hostAdvice = new QLabel(this);
    m_hostAdvice->setWordWrap(true);
    m_hostAdvice->hide();
    m_progress = new QProgressBar(this);
    m_progress->setRange(0, 100);
    m_progress->setValue(0);

    m_startButton = new QPushButton(tr("&Record and Fetch"), this);
    m_startButton->setDefault(true);
    m_stopButton = new QPushButton(tr("&Stop Early"), this);
    m_stopButton->setToolTip(tr("End the recording now; the recorder still writes the archive, which is then fetched"));
    m_cancelButton = new QPushButton(tr("Cancel"), this);
    m_runsButton = new QPushButton(tr("R&uns on Host…"), this);
    m_runsButton->setObjectName(QStringLiteral("runsOnHostButton"));
    m_runsButton->setToolTip(tr("List the runs recorded on this host, fetch and open any of them, or delete them there"));
    auto* buttons = new QDialogButtonBox(this);
    buttons->addButton(m_startButton, QDialogButtonBox::AcceptRole);
    buttons->addButton(m_stopButton, QDialogButtonBox::ActionRole);
    buttons->addButton(m_runsButton, QDialogButtonBox::ActionRole);
    buttons->addButton(m_cancelButton, QDialogButtonBox::RejectRole);
    connect(m_startButton, &QPushButton::clicked, this, &ConnectDialog::start);
    connect(m_stopButton, &QPushButton::clicked, this, [this] {
        for (const QPointer<RemoteRecordingJob>& job : std::as_const(m_jobs))
            if (job)
                job->stopEarly();
        m_stopButton->setEnabled(false);
    });
    connect(m_cancelButton, &QPushButton::clicked, this, &ConnectDialog::reject);
    connect(m_runsButton, &QPushButton::clicked, this, [this] { openRunsBrowser(); });

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(connection);
    layout->addWidget(recording);
    layout->addStretch();
    layout->addWidget(m_state);
    layout->addWidget(m_hostAdvice);
    layout->addWidget(m_progress);
    layout->addWidget(buttons);
    setBusy(false);

    const QVariantList recent = recentHosts();
    if (!recent.isEmpty()) {
        m_host->setText(recent.constFirst().toMap().value(QStringLiteral("host")).toString());
        fillFromRecent(m_host->text());
    }
}

ConnectDialog::~ConnectDialog()
{
    // The host field loses focus while the widgets are torn down, after this class is gone:
    // its editingFinished must no longer reach fillFromRecent().
    disconnect(m_host, nullptr, this, nullptr);
    for (const QPointer<RemoteRecordingJob>& job : std::as_const(m_jobs))
        if (job)
            job->cancel();
    // A worker may be blocked on a prompt queued to this thread: keep the event loop turning.
    for (QThread* thread : std::as_const(m_threads))
        while (!thread->wait(50))
            QCoreApplication::processEvents();
}

QStringList ConnectDialog::hostCompletions() const
{
    return m_completions;
}

RemoteJobSettings ConnectDialog::settingsFromForm() const
{
    RemoteJobSettings settings;
    settings.target.host = m_host->text().trimmed();
    settings.target.user = m_user->text().trimmed();
    settings.target.port = m_port->value();
    settings.target.identityFile = m_identity->text().trimmed();
    settings.target.useAgent = m_agent->isChecked();
    settings.request.name = m_name->text().trimmed();
    if (settings.request.name.isEmpty())
        settings.request.name = QString(settings.target.host).replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9_-]")), QStringLiteral("_"))
            + QDateTime::currentDateTimeUtc().toString(QStringLiteral("-yyyyMMdd-HHmmss"));
    settings.request.duration = m_duration->text().trimmed();
    settings.request.interval = m_interval->text().trimmed().isEmpty() ? QStringLiteral("1s") : m_interval->text().trimmed();
    settings.request.profile = m_profile->isChecked();
    settings.request.pmu = m_pmu->isChecked();
    settings.request.useSudo = m_sudo->isChecked();
    settings.request.workloadCommand = m_workload->text().trimmed();
    settings.request.workloadPreset = m_workload->text().trimmed().isEmpty() ? QString() : m_workloadPreset->currentData().toString();
    settings.recorders = RecorderInstaller::findLocalRecorders();
    settings.fetchDirectory = QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)).filePath(QStringLiteral("runs"));
    settings.deleteRemoteAfterFetch = m_deleteRemote->isChecked();
    return settings;
}

QList<RemoteJobSettings> ConnectDialog::settingsForEachHost() const
{
    const RemoteJobSettings common = settingsFromForm();
    QStringList hosts;
    for (const QString& host : m_host->text().split(QRegularExpression(QStringLiteral("[,\\s]+")), Qt::SkipEmptyParts))
        if (!hosts.contains(host))
            hosts.append(host);
    if (hosts.size() <= 1) {
        RemoteJobSettings one = common;
        if (!hosts.isEmpty())
            one.target.host = hosts.constFirst();
        return {one};
    }
    const QString stamp = QDateTime::currentDateTimeUtc().toString(QStringLiteral("-yyyyMMdd-HHmmss"));
    QList<RemoteJobSettings> each;
    for (const QString& host : std::as_const(hosts)) {
        RemoteJobSettings settings = common;
        settings.target.host = host;
        const QString safeHost = QString(host).replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9_-]")), QStringLiteral("_"));
        const QString name = m_name->text().trimmed();
        settings.request.name = name.isEmpty() ? safeHost + stamp : name + QLatin1Char('-') + safeHost;
        each.append(settings);
    }
    return each;
}

void ConnectDialog::browseIdentity()
{
    const QString file = QFileDialog::getOpenFileName(this, tr("Private Key"), QDir::home().filePath(QStringLiteral(".ssh")),
                                                      tr("Private keys (*.pem id_* *.key);;All files (*)"));
    if (!file.isEmpty())
        m_identity->setText(file);
}

void ConnectDialog::fillFromRecent(const QString& host)
{
    for (const QVariant& entry : recentHosts()) {
        const QVariantMap map = entry.toMap();
        if (map.value(QStringLiteral("host")).toString() != host)
            continue;
        m_user->setText(map.value(QStringLiteral("user")).toString());
        m_port->setValue(map.value(QStringLiteral("port")).toInt());
        m_identity->setText(map.value(QStringLiteral("identity")).toString());
        m_agent->setChecked(map.value(QStringLiteral("agent"), true).toBool());
        return;
    }
}

void ConnectDialog::rememberHost() const
{
    const RemoteJobSettings settings = settingsFromForm();
    QVariantList recent;
    recent.append(QVariantMap{{QStringLiteral("host"), settings.target.host},
                              {QStringLiteral("user"), settings.target.user},
                              {QStringLiteral("port"), settings.target.port},
                              {QStringLiteral("identity"), settings.target.identityFile},
                              {QStringLiteral("agent"), settings.target.useAgent}});
    for (const QVariant& entry : recentHosts()) {
        if (entry.toMap().value(QStringLiteral("host")).toString() != settings.target.host && recent.size() < kMaxRecentHosts)
            recent.append(entry);
    }
    QSettings().setValue(kRecentHostsKey, recent);
}

void ConnectDialog::setBusy(bool busy)
{
    for (QWidget* field : std::initializer_list<QWidget*>{m_host, m_user, m_port, m_identity, m_agent, m_name, m_duration,
                                                          m_interval, m_workload, m_workloadPreset, m_profile, m_pmu, m_sudo, m_deleteRemote})
        field->setEnabled(!busy);
    m_startButton->setEnabled(!busy);
    m_runsButton->setEnabled(!busy);
    m_stopButton->setEnabled(busy);
    m_cancelButton->setText(busy ? tr("Cancel") : tr("Close"));
}

void ConnectDialog::start()
{
    const QList<RemoteJobSettings> each = settingsForEachHost();
    if (each.constFirst().target.host.isEmpty()) {
        m_state->setText(tr("Enter the host to record."));
        return;
    }
    for (const RemoteJobSettings& settings : each) {
        if (const QString why = RemoteRecording::whyInvalidName(settings.request.name); !why.isEmpty()) {
            m_state->setText(tr("Choose another run name: %1.").arg(why));
            return;
        }
    }
    if (each.constFirst().recorders.isEmpty()) {
        m_state->setText(tr("The recorder (runlens-rec) was not found next to Runlens; reinstall Runlens or set RUNLENS_REC."));
        return;
    }
    rememberHost();
    m_hostAdvice->hide();
    m_jobHosts.clear();
    m_hostStates.clear();
    m_hostAdvices.clear();
    m_hostProgress.clear();
    m_fetchedPaths.clear();
    setBusy(true);

    auto askHostKey = [this](const QString& host, const QString& keyType, const QString& fingerprint) {
        return ConnectDialog::askHostKey(this, host, keyType, fingerprint);
    };
    auto askSecret = [this](const QString& prompt, bool echo) { return ConnectDialog::askSecret(this, prompt, echo); };
    const bool several = each.size() > 1;
    for (const RemoteJobSettings& settings : each) {
        const QString host = settings.target.host;
        m_jobHosts.append(host);
        auto* thread = new QThread(this);
        auto* job = new RemoteRecordingJob(settings, this, askHostKey, askSecret);
        m_threads.append(thread);
        m_jobs.append(job);
        job->moveToThread(thread);
        connect(thread, &QThread::started, job, &RemoteRecordingJob::run);
        auto showState = [this, host, several](const QString& text) {
            if (!several) {
                m_state->setText(text);
                return;
            }
            m_hostStates[host] = text;
            showHostStates();
        };
        connect(job, &RemoteRecordingJob::stateChanged, this, showState);
        connect(job, &RemoteRecordingJob::failed, this, showState);
        connect(job, &RemoteRecordingJob::hostDescribed, this, [this, host, several](const QString& advice) {
            m_hostAdvices[host] = several ? tr("%1: %2").arg(host, advice) : advice;
            m_hostAdvice->setText(QStringList(m_hostAdvices.values()).join(QLatin1Char('\n')));
            m_hostAdvice->show();
        });
        connect(job, &RemoteRecordingJob::progressChanged, this, [this, host](int percent) {
            m_hostProgress[host] = percent;
            // Together: the busy indicator while any host's step has no known length, else the mean.
            int sum = 0;
            bool unknown = false;
            for (const QString& other : std::as_const(m_jobHosts)) {
                const int value = m_hostProgress.value(other, 0);
                unknown = unknown || value < 0;
                sum += std::max(0, value);
            }
            m_progress->setRange(0, unknown ? 0 : 100); // 0..0 is the busy indicator
            if (!unknown)
                m_progress->setValue(sum / int(m_jobHosts.size()));
        });
        connect(job, &RemoteRecordingJob::fetched, this, [this](const QString& path) { m_fetchedPaths.append(path); });
        connect(job, &RemoteRecordingJob::finished, thread, &QThread::quit);
        connect(thread, &QThread::finished, job, &QObject::deleteLater);
        connect(thread, &QThread::finished, this, [this, thread] { finishJob(thread); });
    }
    for (QThread* thread : std::as_const(m_threads))
        thread->start();
}

void ConnectDialog::showHostStates()
{
    QStringList lines;
    for (const QString& host : std::as_const(m_jobHosts))
        lines.append(tr("%1: %2").arg(host, m_hostStates.value(host, tr("waiting…"))));
    m_state->setText(lines.join(QLatin1Char('\n')));
}

bool ConnectDialog::askHostKey(QWidget* parent, const QString& host, const QString& keyType, const QString& fingerprint)
{
    return QMessageBox::question(parent, tr("Unknown Host Key"),
                                 tr("The authenticity of %1 cannot be established: it is not in your known_hosts file.\n\n"
                                    "%2 key fingerprint:\n%3\n\nCompare it with the fingerprint the host's administrator "
                                    "(or the EC2 console's system log) gives. Trust this key and connect?")
                                     .arg(host, keyType, fingerprint),
                                 QMessageBox::Yes | QMessageBox::No, QMessageBox::No)
        == QMessageBox::Yes;
}

std::optional<QString> ConnectDialog::askSecret(QWidget* parent, const QString& prompt, bool echo)
{
    bool ok = false;
    const QString answer = QInputDialog::getText(parent, tr("SSH"), prompt, echo ? QLineEdit::Normal : QLineEdit::Password, QString(), &ok);
    if (!ok)
        return std::nullopt;
    return answer;
}

RemoteRunsBrowser* ConnectDialog::openRunsBrowser()
{
    // With several hosts listed, the first one's runs.
    const RemoteJobSettings settings = settingsForEachHost().constFirst();
    if (settings.target.host.isEmpty()) {
        m_state->setText(tr("Enter the host whose runs to browse."));
        return nullptr;
    }
    rememberHost();
    auto* browser = new RemoteRunsBrowser(
        settings.target, settings.remoteDirectory,
        [](const QString& host, const QString& keyType, const QString& fingerprint) {
            return askHostKey(QApplication::activeWindow(), host, keyType, fingerprint);
        },
        [](const QString& prompt, bool echo) { return askSecret(QApplication::activeWindow(), prompt, echo); }, this);
    browser->setAttribute(Qt::WA_DeleteOnClose);
    browser->setFetchDirectory(settings.fetchDirectory);
    connect(browser, &RemoteRunsBrowser::runFetched, this, &ConnectDialog::runFetched);
    browser->show();
    browser->refresh();
    return browser;
}

void ConnectDialog::finishJob(QThread* thread)
{
    const qsizetype index = m_threads.indexOf(thread);
    if (index < 0)
        return;
    m_threads.removeAt(index);
    m_jobs.removeAt(index);
    thread->deleteLater();
    if (!m_threads.isEmpty())
        return;
    m_progress->setRange(0, 100);
    setBusy(false);
    // The runs of all hosts open together, in the order of the host field.
    const QStringList fetched = std::exchange(m_fetchedPaths, {});
    for (const QString& path : fetched)
        emit runFetched(path);
}

void ConnectDialog::reject()
{
    if (!m_threads.isEmpty()) {
        // Detached recordings go on; only the connections end.
        for (const QPointer<RemoteRecordingJob>& job : std::as_const(m_jobs))
            if (job)
                job->cancel();
        m_state->setText(tr("Cancelling…"));
        return;
    }
    QDialog::reject();
}
