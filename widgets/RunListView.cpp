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
    setToolTip(tr("Double-click a name, offset or trim to edit it; Delete removes the selected run."));
}

void RunListView::setRunModel(RunListModel* model)
{
    setModel(model);
    connect(selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) { emit currentRunChanged(current.isValid() ? current.row() : -1); });
    horizontalHeader()->setSectionResizeMode(RunListModel::NameColumn, QHeaderView::Stretch);
    for (int column : {int(RunListModel::BaselineColumn), int(RunListModel::VisibleColumn), int(RunListModel::OffsetColumn),
                       int(RunListModel::TrimColumn), int(RunListModel::SteadyStateColumn), int(RunListModel::HostColumn),
                       int(RunListModel::DurationColumn)})
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
    contextMenu(index.row())->exec(event->globalPos());
}

std::unique_ptr<QMenu> RunListView::contextMenu(int row)
{
    auto menu = std::make_unique<QMenu>(this);
    menu->addAction(tr("Make Baseline"), this, [this, row] {
        model()->setData(model()->index(row, RunListModel::BaselineColumn), Qt::Checked, Qt::CheckStateRole);
    });
    menu->addAction(tr("Rename…"), this, [this, row] { edit(model()->index(row, RunListModel::NameColumn)); });
    menu->addAction(tr("Set Offset…"), this, [this, row] { edit(model()->index(row, RunListModel::OffsetColumn)); });
    menu->addSeparator();
    if (auto* runs = qobject_cast<RunListModel*>(model())) {
        // The proposal is only ever applied here, by the user's click: a summary over a window
        // nobody chose would change without anyone knowing why.
        const SteadyStateProposal& proposal = runs->steadyState(row);
        QAction* accept = menu->addAction(proposal.window ? tr("Trim to Steady State (%1)").arg(RunListModel::windowText(*proposal.window))
                                                          : tr("Trim to Steady State (none found)"),
                                          this, [runs, row] { runs->acceptSteadyState(row); });
        accept->setEnabled(proposal.window.has_value());
        accept->setToolTip(proposal.reason);
        accept->setStatusTip(proposal.reason);
        menu->setToolTipsVisible(true);
    }
    if (auto* runs = qobject_cast<RunListModel*>(model())) {
        QAction* align = menu->addAction(tr("Align Runs by Steady State"), this, [runs] { runs->alignBySteadyState(); });
        align->setToolTip(tr("Shift the runs so that their steady states start together: for runs that did not start at "
                             "the same point of the workload"));
    }
    menu->addAction(tr("Set Trim…"), this, [this, row] { edit(model()->index(row, RunListModel::TrimColumn)); });
    QAction* clear = menu->addAction(tr("Clear Trim"), this,
                                     [this, row] { model()->setData(model()->index(row, RunListModel::TrimColumn), QString()); });
    clear->setEnabled(model()->index(row, RunListModel::TrimColumn).data(Qt::EditRole).toString().size() > 0);
    menu->addSeparator();
    menu->addAction(tr("Remove"), this, [this, row] { emit removeRequested(row); });
    return menu;
}
