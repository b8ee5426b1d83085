// Help › Keyboard Shortcuts: every menu command that has a shortcut, read from the menu bar's
// actions when the dialog opens, so the list cannot drift from the keys that really work.
#pragma once

#include <QDialog>

class QMenuBar;
class QTableWidget;

class KeyboardShortcutsDialog : public QDialog
{
    Q_OBJECT

public:
    KeyboardShortcutsDialog(const QMenuBar* menuBar, QWidget* parent = nullptr);

    QTableWidget* table() const { return m_table; }

private:
    QTableWidget* m_table;
};
