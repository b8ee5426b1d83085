#include "KeyboardShortcutsDialog.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QMenu>
#include <QMenuBar>
#include <QTableWidget>
#include <QVBoxLayout>

namespace {

// What a menu entry reads as outside its menu: "View › Reset Zoom" without mnemonics.
QString plainText(const QAction* action)
{
    QString text = action->text();
    text.replace(QLatin1String("&&"), QLatin1String("\x01"));
    text.remove(QLatin1Char('&'));
    text.replace(QLatin1Char('\x01'), QLatin1Char('&'));
    return text;
}

void addShortcuts(const QMenu* menu, const QString& path, QTableWidget* table)
{
    for (const QAction* action : menu->actions()) {
        if (action->isSeparator())
            continue;
        const QString name = path + QStringLiteral(" › ") + plainText(action);
        if (action->menu()) {
            addShortcuts(action->menu(), name, table);
            continue;
        }
        if (action->shortcuts().isEmpty())
            continue;
        QStringList keys;
        for (const QKeySequence& key : action->shortcuts())
            keys.append(key.toString(QKeySequence::NativeText));
        const int row = table->rowCount();
        table->insertRow(row);
        table->setItem(row, 0, new QTableWidgetItem(name));
        table->setItem(row, 1, new QTableWidgetItem(keys.join(QStringLiteral(", "))));
    }
}

} // namespace

KeyboardShortcutsDialog::KeyboardShortcutsDialog(const QMenuBar* menuBar, QWidget* parent)
    : QDialog(parent)
    , m_table(new QTableWidget(0, 2, this))
{
    setWindowTitle(tr("Keyboard Shortcuts"));
    m_table->setHorizontalHeaderLabels({tr("Command"), tr("Shortcut")});
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->verticalHeader()->hide();
    for (const QAction* action : menuBar->actions()) {
        if (action->menu())
            addShortcuts(action->menu(), plainText(action), m_table);
    }
    m_table->resizeColumnsToContents();
    m_table->horizontalHeader()->setStretchLastSection(true);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_table);
    layout->addWidget(buttons);
    resize(560, 520);
}
