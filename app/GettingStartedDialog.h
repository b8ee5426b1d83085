// Help › Getting Started: the few steps from nothing to a comparison, inside the app, for the
// user who has not read the README.
#pragma once

#include <QDialog>

class QTextBrowser;

class GettingStartedDialog : public QDialog
{
    Q_OBJECT

public:
    explicit GettingStartedDialog(QWidget* parent = nullptr);

    QTextBrowser* browser() const { return m_browser; }

private:
    QTextBrowser* m_browser;
};
