#include "RunListView.h"

#include "RunListModel.h"

#include <QContextMenuEvent>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QKeyEvent>
#include <QMenu>
#include <QPainter>
#include <QStyledItemDelegate>

namespace {

// Paints the run's colour as a swatch before its name: the legend of every chart.
class RunNameDelegate : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;

protected:
    void initStyleOption(QStyleOptionViewItem* option, const QModelIndex& index) const override
    {
        QStyledItemDelegate::initStyleOption(option, index);
        const QVariant colour = index.data(RunListModel::ColourRole);
        if (colour.isValid()) {
            QPixmap swatch(14, 14);
            swatch.fill(Qt::transparent);
            QPainter painter(&swatch);
            painter.setRenderHint(QPainter::Antialiasing);
            painter.setPen(Qt::NoPen);
            painter.setBrush(QColor::fromRgb(colour.toUInt()));
            painter.drawRoundedRect(QRectF(1, 1, 12, 12), 3, 3);
            option->icon = QIcon(swatch);
            option->features |= QStyleOptionViewItem::HasDecoration;
            option->decorationSize = QSize(14, 14);
        }
    }
};

} // namespace

RunListView::RunListView(QWidget* parent)
    : QTableView(parent)
{
    setObjectName(QStringLiteral("runList"));
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setSelectionMode(QAbstractItemView::SingleSelection);
    setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed);
    verticalHeader()->hide();
    horizontalHeader()->setStretchLastSection(true);
    setItemDelegateForColumn(RunListModel::NameColumn, new RunNameDelegate(this));
    setToolTip(tr("Double-click a name or offset to edit it; Delete removes the selected run."));
}

void RunListView::setRunModel(RunListModel* model)
{
    setModel(model);
    connect(selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) { emit currentRunChanged(current.isValid() ? current.row() : -1); });
    horizontalHeader()->setSectionResizeMode(RunListModel::NameColumn, QHeaderView::Stretch);
    for (int column : {int(RunListModel::BaselineColumn), int(RunListModel::VisibleColumn), int(RunListModel::OffsetColumn),
                       int(RunListModel::HostColumn), int(RunListModel::DurationColumn)})
        horizontalHeader()->setSectionResizeMode(column, QHeaderView::ResizeToContents);
}

int RunListView::currentRun() const
{
    const QModelIndex index = currentIndex();
    return index.isValid() ? index.row() : -1;
}

void RunListView::keyPressEvent(QKeyEvent* event)
{
    if ((event->key() == Qt::Key_Delete || event->key() == Qt::Key_Backspace) && currentRun() >= 0 && state() != EditingState) {
        emit removeRequested(currentRun());
        event->accept();
        return;
    }
    QTableView::keyPressEvent(event);
}

void RunListView::contextMenuEvent(QContextMenuEvent* event)
{
    const QModelIndex index = indexAt(event->pos());
    if (!index.isValid())
        return;
    QMenu menu(this);
    menu.addAction(tr("Make Baseline"), this, [this, index] {
        model()->setData(model()->index(index.row(), RunListModel::BaselineColumn), Qt::Checked, Qt::CheckStateRole);
    });
    menu.addAction(tr("Rename…"), this, [this, index] { edit(model()->index(index.row(), RunListModel::NameColumn)); });
    menu.addAction(tr("Set Offset…"), this, [this, index] { edit(model()->index(index.row(), RunListModel::OffsetColumn)); });
    menu.addSeparator();
    menu.addAction(tr("Remove"), this, [this, index] { emit removeRequested(index.row()); });
    menu.exec(event->globalPos());
}
