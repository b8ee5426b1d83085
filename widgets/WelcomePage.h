// The first page a user sees: what Runlens does and the ways to get runs into it.
#pragma once

#include <QWidget>

class QCommandLinkButton;
class QLabel;
class QListWidget;
class QListWidgetItem;

class WelcomePage : public QWidget
{
    Q_OBJECT

public:
    explicit WelcomePage(QWidget* parent = nullptr);

    // Entries whose feature is not available stay visible but disabled, with the reason as tooltip,
    // so the page always tells the whole story of what the app can do.
    void setConnectAvailable(bool available, const QString& reasonIfNot = {});
    void setDemoAvailable(bool available, const QString& reasonIfNot = {});
    void setRecentFiles(const QStringList& paths);

    QCommandLinkButton* openButton() const { return m_openButton; }
    QCommandLinkButton* connectButton() const { return m_connectButton; }
    QCommandLinkButton* demoButton() const { return m_demoButton; }
    QListWidget* recentList() const { return m_recentList; }

signals:
    void openRunsRequested();
    void connectRequested();
    void demoRequested();
    void recentFileActivated(const QString& path);

private:
    void activateRecent(QListWidgetItem* item);

    QCommandLinkButton* m_openButton = nullptr;
    QCommandLinkButton* m_connectButton = nullptr;
    QCommandLinkButton* m_demoButton = nullptr;
    QLabel* m_recentTitle = nullptr;
    QListWidget* m_recentList = nullptr;
};
