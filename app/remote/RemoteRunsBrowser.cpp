#include "RemoteRunsBrowser.h"

#include "SshSession.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDialogButtonBox>
#include <QDir>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QStandardPaths>
#include <QThread>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace {

enum Column { NameColumn, SizeColumn, DateColumn };

// Sorts size and date by their values, not their text.
class RunItem : public QTreeWidgetItem
{
public:
    using QTreeWidgetItem::QTreeWidgetItem;
    bool operator<(const QTreeWidgetItem& other) const override
    {
        const int column = treeWidget() ? treeWidget()->sortColumn() : NameColumn;
        if (column == NameColumn)
            return QTreeWidgetItem::operator<(other);
        return data(column, Qt::UserRole).toLongLong() < other.data(column, Qt::UserRole).toLongLong();
    }
};

} // namespace

RemoteRunsWorker::RemoteRunsWorker(SshTarget target, QString remoteDirectory, QObject* promptContext, HostKeyQuestion askHostKey,
                                   SecretQuestion askSecret)
    : m_target(std::move(target))
    , m_remoteDirectory(std::move(remoteDirectory))
    , m_promptContext(promptContext)
    , m_askHostKey(std::move(askHostKey))
    , m_askSecret(std::move(askSecret))
{
}

RemoteRunsWorker::~RemoteRunsWorker() = default;

RemoteRecording& RemoteRunsWorker::recording()
{
    if (m_recording && m_session && m_session->isConnected())
        return *m_recording;
    m_recording.reset();
    m_session.reset();
    // The worker waits while the GUI thread asks; the answer is used once and not kept.
    SshPrompts prompts;
    prompts.acceptNewHostKey = [this](const QString& host, const QString& type, const QString& fingerprint) {
        bool accepted = false;
        QMetaObject::invokeMethod(m_promptContext, [&] { accepted = m_askHostKey && m_askHostKey(host, type, fingerprint); }, Qt::BlockingQueuedConnection);
        return accepted;
    };
    prompts.askSecret = [this](const QString& prompt, bool echo) {
        std::optional<QString> answer;
        QMetaObject::invokeMethod(m_promptContext, [&] {
            if (m_askSecret)
                answer = m_askSecret(prompt, echo);
        }, Qt::BlockingQueuedConnection);
        return answer;
    };
    emit stateChanged(tr("Connecting to %1…").arg(m_target.displayName()));
    auto session = std::make_unique<SshSession>(m_target, prompts, &m_cancel);
    session->connect();
    QString directory = m_remoteDirectory;
    if (directory == QLatin1String("~") || directory.startsWith(QLatin1String("~/")))
        directory = session->canonicalPath(QStringLiteral(".")) + directory.mid(1);
    m_session = std::move(session);
    // Listing, fetching and deleting need no recorder.
    m_recording = std::make_unique<RemoteRecording>(*m_session, QString(), directory + QStringLiteral("/runs"));
    return *m_recording;
}

void RemoteRunsWorker::step(const std::function<void()>& work)
{
    m_cancel = false;
    try {
        work();
    } catch (const SshError& error) {
        // A cancelled or failed step may leave the connection half-used: the next step reconnects.
        m_recording.reset();
        m_session.reset();
        emit failed(error.message());
    }
    emit finished();
}

void RemoteRunsWorker::list()
{
    step([this] {
        emit progressChanged(-1);
        RemoteRecording& runs = recording();
        emit stateChanged(tr("Listing the runs on %1…").arg(m_target.host));
        const QList<RemoteRun> found = runs.listRuns();
        emit listed(found);
        emit progressChanged(0);
        emit stateChanged(found.isEmpty() ? tr("No runs on %1.").arg(m_target.host)
                                          : tr("%n run(s) on %1.", nullptr, int(found.size())).arg(m_target.host));
    });
}

void RemoteRunsWorker::fetch(const QStringList& names, const QString& localDirectory)
{
    step([this, names, localDirectory] {
        emit progressChanged(-1);
        RemoteRecording& runs = recording();
        for (const QString& name : names) {
            emit stateChanged(tr("Downloading %1…").arg(name));
            const QString local = runs.fetch(name, localDirectory, [this](qint64 done, qint64 total) {
                emit progressChanged(total > 0 ? int(done * 100 / total) : -1);
                return !m_cancel;
            });
            emit progressChanged(100);
            emit fetched(local);
        }
        emit stateChanged(tr("Fetched %n run(s) into %1.", nullptr, int(names.size())).arg(QDir::toNativeSeparators(localDirectory)));
    });
}

void RemoteRunsWorker::remove(const QStringList& names)
{
    step([this, names] {
        emit progressChanged(-1);
        RemoteRecording& runs = recording();
        for (const QString& name : names) {
            emit stateChanged(tr("Deleting %1 on %2…").arg(name, m_target.host));
            runs.deleteRun(name);
        }
        emit listed(runs.listRuns());
        emit progressChanged(0);
        emit stateChanged(tr("Deleted %n run(s) on %1.", nullptr, int(names.size())).arg(m_target.host));
    });
}

RemoteRunsBrowser::RemoteRunsBrowser(SshTarget target, QString remoteDirectory, HostKeyQuestion askHostKey, SecretQuestion askSecret,
                                     QWidget* parent)
    : QDialog(parent)
    , m_target(std::move(target))
    , m_fetchDirectory(QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)).filePath(QStringLiteral("runs")))
{
    setObjectName(QStringLiteral("remoteRunsBrowser"));
    setWindowTitle(tr("Runs on %1").arg(m_target.displayName()));

    m_runs = new QTreeWidget(this);
    m_runs->setObjectName(QStringLiteral("runsView"));
    m_runs->setHeaderLabels({tr("Name"), tr("Size"), tr("Date")});
    m_runs->setRootIsDecorated(false);
    m_runs->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_runs->setSortingEnabled(true);
    m_runs->sortByColumn(DateColumn, Qt::DescendingOrder);
    m_runs->header()->setSectionResizeMode(NameColumn, QHeaderView::Stretch);
    m_runs->header()->setSectionResizeMode(SizeColumn, QHeaderView::ResizeToContents);
    m_runs->header()->setSectionResizeMode(DateColumn, QHeaderView::ResizeToContents);
    m_runs->header()->setStretchLastSection(false);
    connect(m_runs, &QTreeWidget::itemSelectionChanged, this, &RemoteRunsBrowser::updateButtons);
    connect(m_runs, &QTreeWidget::itemDoubleClicked, this, [this] { fetchSelected(); });

    m_state = new QLabel(this);
    m_state->setObjectName(QStringLiteral("stateLabel"));
    m_state->setWordWrap(true);
    m_state->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_progress = new QProgressBar(this);
    m_progress->setRange(0, 100);
    m_progress->setValue(0);

    m_refreshButton = new QPushButton(tr("&Refresh"), this);
    m_fetchButton = new QPushButton(tr("&Fetch and Open"), this);
    m_fetchButton->setDefault(true);
    m_fetchButton->setToolTip(tr("Download the selected runs (resuming an interrupted download, checked by SHA-256) and open them"));
    m_deleteButton = new QPushButton(tr("&Delete on Host…"), this);
    m_cancelButton = new QPushButton(tr("Close"), this);
    auto* buttons = new QDialogButtonBox(this);
    buttons->addButton(m_fetchButton, QDialogButtonBox::AcceptRole);
    buttons->addButton(m_refreshButton, QDialogButtonBox::ActionRole);
    buttons->addButton(m_deleteButton, QDialogButtonBox::ActionRole);
    buttons->addButton(m_cancelButton, QDialogButtonBox::RejectRole);
    connect(m_refreshButton, &QPushButton::clicked, this, &RemoteRunsBrowser::refresh);
    connect(m_fetchButton, &QPushButton::clicked, this, &RemoteRunsBrowser::fetchSelected);
    connect(m_deleteButton, &QPushButton::clicked, this, [this] { deleteSelected(true); });
    connect(m_cancelButton, &QPushButton::clicked, this, &RemoteRunsBrowser::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_runs, 1);
    layout->addWidget(m_state);
    layout->addWidget(m_progress);
    layout->addWidget(buttons);

    m_thread = new QThread(this);
    m_worker = new RemoteRunsWorker(m_target, std::move(remoteDirectory), this, std::move(askHostKey), std::move(askSecret));
    m_worker->moveToThread(m_thread);
    connect(m_worker, &RemoteRunsWorker::stateChanged, m_state, &QLabel::setText);
    connect(m_worker, &RemoteRunsWorker::failed, m_state, &QLabel::setText);
    connect(m_worker, &RemoteRunsWorker::progressChanged, this, [this](int percent) {
        m_progress->setRange(0, percent < 0 ? 0 : 100); // 0..0 is the busy indicator
        if (percent >= 0)
            m_progress->setValue(percent);
    });
    connect(m_worker, &RemoteRunsWorker::listed, this, &RemoteRunsBrowser::showRuns);
    connect(m_worker, &RemoteRunsWorker::fetched, this, &RemoteRunsBrowser::runFetched);
    connect(m_worker, &RemoteRunsWorker::finished, this, [this] { setBusy(false); });
    m_thread->start();
    setBusy(false);
    m_state->setText(tr("Refresh to list the runs on %1.").arg(m_target.host));
    resize(620, 420);
}

RemoteRunsBrowser::~RemoteRunsBrowser()
{
    m_worker->cancel();
    m_thread->quit();
    // The worker may be blocked on a prompt queued to this thread: keep the event loop turning.
    while (!m_thread->wait(50))
        QCoreApplication::processEvents();
    delete m_worker; // its thread has ended: the connection closes here
}

void RemoteRunsBrowser::setBusy(bool busy)
{
    m_busy = busy;
    if (!busy)
        m_progress->setRange(0, 100);
    m_runs->setEnabled(!busy);
    m_refreshButton->setEnabled(!busy);
    m_cancelButton->setText(busy ? tr("Cancel") : tr("Close"));
    updateButtons();
}

void RemoteRunsBrowser::updateButtons()
{
    const bool selected = !m_busy && !m_runs->selectedItems().isEmpty();
    m_fetchButton->setEnabled(selected);
    m_deleteButton->setEnabled(selected);
}

void RemoteRunsBrowser::refresh()
{
    if (m_busy)
        return;
    setBusy(true);
    QMetaObject::invokeMethod(m_worker, [worker = m_worker] { worker->list(); });
}

QStringList RemoteRunsBrowser::selectedNames() const
{
    QStringList names;
    for (const QTreeWidgetItem* item : m_runs->selectedItems())
        names.append(item->data(NameColumn, Qt::UserRole).toString());
    return names;
}

void RemoteRunsBrowser::fetchSelected()
{
    const QStringList names = selectedNames();
    if (m_busy || names.isEmpty())
        return;
    setBusy(true);
    QMetaObject::invokeMethod(m_worker, [worker = m_worker, names, directory = m_fetchDirectory] { worker->fetch(names, directory); });
}

void RemoteRunsBrowser::deleteSelected(bool confirm)
{
    const QStringList names = selectedNames();
    if (m_busy || names.isEmpty())
        return;
    if (confirm
        && QMessageBox::warning(this, tr("Delete on Host"),
                                tr("Delete %n run(s) on %1? This removes the host's copy and cannot be undone:\n\n%2", nullptr,
                                   int(names.size()))
                                    .arg(m_target.host, names.join(QLatin1Char('\n'))),
                                QMessageBox::Yes | QMessageBox::No, QMessageBox::No)
               != QMessageBox::Yes)
        return;
    setBusy(true);
    QMetaObject::invokeMethod(m_worker, [worker = m_worker, names] { worker->remove(names); });
}

void RemoteRunsBrowser::showRuns(const QList<RemoteRun>& runs)
{
    m_runs->setSortingEnabled(false);
    m_runs->clear();
    const QLocale locale;
    for (const RemoteRun& run : runs) {
        auto* item = new RunItem(m_runs);
        item->setText(NameColumn, run.name);
        item->setData(NameColumn, Qt::UserRole, run.name);
        item->setText(SizeColumn, locale.formattedDataSize(run.bytes));
        item->setData(SizeColumn, Qt::UserRole, run.bytes);
        item->setTextAlignment(SizeColumn, Qt::AlignRight | Qt::AlignVCenter);
        item->setToolTip(SizeColumn, tr("%1 bytes").arg(locale.toString(run.bytes)));
        const QDateTime modified = run.modifiedSecs > 0 ? QDateTime::fromSecsSinceEpoch(run.modifiedSecs) : QDateTime();
        item->setText(DateColumn, modified.isValid() ? locale.toString(modified, QLocale::ShortFormat) : tr("unknown"));
        item->setData(DateColumn, Qt::UserRole, run.modifiedSecs);
    }
    m_runs->setSortingEnabled(true);
    updateButtons();
}

void RemoteRunsBrowser::reject()
{
    if (m_busy) {
        m_worker->cancel();
        m_state->setText(tr("Cancelling…"));
        return;
    }
    QDialog::reject();
}
