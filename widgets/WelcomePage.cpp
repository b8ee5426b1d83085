#include "WelcomePage.h"

#include <QCommandLinkButton>
#include <QFileInfo>
#include <QLabel>
#include <QListWidget>
#include <QVBoxLayout>

namespace {

void setAvailability(QCommandLinkButton* button, bool available, const QString& reasonIfNot)
{
    button->setEnabled(available);
    button->setToolTip(available ? QString() : reasonIfNot);
}

} // namespace

WelcomePage::WelcomePage(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("welcomePage"));

    auto* title = new QLabel(tr("Runlens"), this);
    QFont titleFont = title->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 2.2);
    titleFont.setBold(true);
    title->setFont(titleFont);

    auto* intro = new QLabel(tr("Record a host while your workload runs, then compare a baseline run with a "
                                "tuned run metric by metric: CPU states, memory, interrupts, disks, network, "
                                "CPU counters and flame graphs."),
                             this);
    intro->setWordWrap(true);

    m_openButton = new QCommandLinkButton(tr("Open Run Archives…"),
                                          tr("Open .tar.gz runs recorded by runlens-rec or sent by colleagues. "
                                             "You can also drop them onto this window."),
                                          this);
    m_openButton->setObjectName(QStringLiteral("openRunsButton"));
    m_connectButton = new QCommandLinkButton(tr("Connect to a Host…"),
                                             tr("Start a recording on an EC2 instance or any Linux host over SSH "
                                                "and open the run when it is done."),
                                             this);
    m_connectButton->setObjectName(QStringLiteral("connectButton"));
    m_demoButton = new QCommandLinkButton(tr("Open the Demo Runs"),
                                          tr("A baseline and a tuned run of a small workload, to see what a "
                                             "comparison looks like."),
                                          this);
    m_demoButton->setObjectName(QStringLiteral("demoButton"));

    m_recentTitle = new QLabel(tr("Recent run archives"), this);
    QFont sectionFont = m_recentTitle->font();
    sectionFont.setBold(true);
    m_recentTitle->setFont(sectionFont);
    m_recentList = new QListWidget(this);
    m_recentList->setObjectName(QStringLiteral("recentList"));
    m_recentList->setMaximumHeight(180);

    auto* column = new QVBoxLayout;
    column->addWidget(title);
    column->addWidget(intro);
    column->addSpacing(12);
    column->addWidget(m_openButton);
    column->addWidget(m_connectButton);
    column->addWidget(m_demoButton);
    column->addSpacing(12);
    column->addWidget(m_recentTitle);
    column->addWidget(m_recentList);
    column->addStretch(1);

    // A readable line length on wide windows: the column keeps its width and stays centred.
    auto* content = new QWidget(this);
    content->setLayout(column);
    content->setMaximumWidth(680);
    auto* outer = new QHBoxLayout(this);
    outer->addStretch(1);
    outer->addWidget(content, 3);
    outer->addStretch(1);

    connect(m_openButton, &QCommandLinkButton::clicked, this, &WelcomePage::openRunsRequested);
    connect(m_connectButton, &QCommandLinkButton::clicked, this, &WelcomePage::connectRequested);
    connect(m_demoButton, &QCommandLinkButton::clicked, this, &WelcomePage::demoRequested);
    connect(m_recentList, &QListWidget::itemActivated, this, &WelcomePage::activateRecent);

    setRecentFiles({});
}

void WelcomePage::setConnectAvailable(bool available, const QString& reasonIfNot)
{
    setAvailability(m_connectButton, available, reasonIfNot);
}

void WelcomePage::setDemoAvailable(bool available, const QString& reasonIfNot)
{
    setAvailability(m_demoButton, available, reasonIfNot);
}

void WelcomePage::setRecentFiles(const QStringList& paths)
{
    m_recentList->clear();
    for (const QString& path : paths) {
        auto* item = new QListWidgetItem(QFileInfo(path).fileName(), m_recentList);
        item->setData(Qt::UserRole, path);
        item->setToolTip(path);
    }
    m_recentTitle->setVisible(!paths.isEmpty());
    m_recentList->setVisible(!paths.isEmpty());
}

void WelcomePage::activateRecent(QListWidgetItem* item)
{
    emit recentFileActivated(item->data(Qt::UserRole).toString());
}
