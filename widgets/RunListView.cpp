#include "RunListView.h"

#include "RunListModel.h"

#include <QContextMenuEvent>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QInputDialog>
#include <QItemSelectionModel>
#include <QKeyEvent>
#include <QMenu>
#include <QPainter>
#include <QScrollBar>
#include <QPushButton>
#include <QStyledItemDelegate>

#include <algorithm>

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
    // The name takes the width left over, not the last column (Duration, a few characters).
    horizontalHeader()->setStretchLastSection(false);
    horizontalHeader()->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(horizontalHeader(), &QWidget::customContextMenuRequested, this,
            [this](const QPoint& position) { columnsMenu()->exec(horizontalHeader()->mapToGlobal(position)); });
    setItemDelegateForColumn(RunListModel::NameColumn, new RunNameDelegate(this));
    setToolTip(tr("Double-click a name, offset or trim to edit it; Delete removes the selected run."));
    connect(horizontalHeader(), &QHeaderView::sectionResized, this, [this](int column) {
        if (column != RunListModel::NameColumn)
            fitNameColumn();
    });

    m_trimAll = new QAction(tr("Trim &All Runs…"), this);
    m_trimAll->setStatusTip(tr("Set one FROM:TO window, in seconds after each run's start, for every run"));
    connect(m_trimAll, &QAction::triggered, this, &RunListView::openTrimAllDialog);
    m_trimAllToSteadyState = new QAction(tr("Trim All to &Steady State"), this);
    m_trimAllToSteadyState->setStatusTip(tr("Trim each run to the steady state found in it; runs without one keep their trim"));
    connect(m_trimAllToSteadyState, &QAction::triggered, this, [this] {
        if (RunListModel* runs = runModel()) {
            const int trimmed = runs->trimAllToSteadyState();
            emit trimsReported(trimmed > 0 ? tr("Trimmed %n run(s) to their steady state; Esc in the run list undoes it", nullptr, trimmed)
                                           : tr("No run has a steady state to trim to, or each is trimmed to it already"));
        }
    });
    m_clearTrims = new QAction(tr("&Clear Trims"), this);
    m_clearTrims->setStatusTip(tr("Every run counts whole again"));
    connect(m_clearTrims, &QAction::triggered, this, [this] {
        if (RunListModel* runs = runModel()) {
            const int cleared = runs->clearTrims();
            emit trimsReported(tr("Cleared the trims of %n run(s)", nullptr, cleared));
        }
    });
    m_undoTrims = new QAction(tr("&Undo Trims"), this);
    m_undoTrims->setStatusTip(tr("Put back the windows the runs had before the last change to all of them"));
    // Only while the list itself has the focus: Esc in a trim being typed cancels the typing.
    m_undoTrims->setShortcut(QKeySequence(Qt::Key_Escape));
    m_undoTrims->setShortcutContext(Qt::WidgetShortcut);
    addAction(m_undoTrims);
    connect(m_undoTrims, &QAction::triggered, this, [this] {
        if (RunListModel* runs = runModel(); runs && runs->canUndoTrims()) {
            const int restored = runs->undoTrims();
            emit trimsReported(tr("Put back the trims of %n run(s)", nullptr, restored));
        }
    });
    updateTrimActions();
}

RunListModel* RunListView::runModel() const
{
    return qobject_cast<RunListModel*>(model());
}

void RunListView::updateTrimActions()
{
    RunListModel* runs = runModel();
    const bool any = runs && runs->rowCount() > 0;
    m_trimAll->setEnabled(any);
    m_trimAllToSteadyState->setEnabled(any);
    m_clearTrims->setEnabled(any);
    m_undoTrims->setEnabled(runs && runs->canUndoTrims());
}

void RunListView::openTrimAllDialog()
{
    if (!runModel() || runModel()->rowCount() == 0)
        return;
    auto* dialog = new QInputDialog(this);
    dialog->setObjectName(QLatin1String(trimAllDialogName));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowTitle(tr("Trim All Runs"));
    dialog->setLabelText(tr("Window for every run, FROM:TO in seconds after its start (e.g. 30:210):"));
    // The selected run's window is the likeliest start: trimmed by hand, now for all.
    const int row = currentRun() >= 0 ? currentRun() : 0;
    dialog->setTextValue(runModel()->index(row, RunListModel::TrimColumn).data(Qt::EditRole).toString());
    // OK only for a window that parses, so that a typo is not taken for "no trim".
    const auto validate = [dialog](const QString& text) {
        if (auto* buttons = dialog->findChild<QDialogButtonBox*>())
            buttons->button(QDialogButtonBox::Ok)->setEnabled(RunListModel::parseWindow(text).has_value());
    };
    connect(dialog, &QInputDialog::textValueChanged, dialog, validate);
    connect(dialog, &QInputDialog::textValueSelected, this, [this](const QString& text) {
        const auto window = RunListModel::parseWindow(text);
        RunListModel* runs = runModel();
        if (!window || !runs)
            return;
        const int trimmed = runs->trimAll(*window);
        emit trimsReported(tr("Trimmed %n run(s) to %1; Esc in the run list undoes it", nullptr, trimmed)
                               .arg(RunListModel::windowText(*window)));
    });
    dialog->open();
    validate(dialog->textValue());
}

void RunListView::setRunModel(RunListModel* model)
{
    setModel(model);
    connect(model, &RunListModel::undoTrimsChanged, this, &RunListView::updateTrimActions);
    connect(model, &QAbstractItemModel::rowsInserted, this, &RunListView::updateTrimActions);
    connect(model, &QAbstractItemModel::rowsRemoved, this, &RunListView::updateTrimActions);
    connect(model, &QAbstractItemModel::modelReset, this, &RunListView::updateTrimActions);
    updateTrimActions();
    connect(selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) { emit currentRunChanged(current.isValid() ? current.row() : -1); });
    horizontalHeader()->setSectionResizeMode(RunListModel::NameColumn, QHeaderView::Fixed);
    for (const auto signal : {&QAbstractItemModel::rowsInserted, &QAbstractItemModel::rowsRemoved})
        connect(model, signal, this, &RunListView::fitNameColumn);
    connect(model, &QAbstractItemModel::modelReset, this, &RunListView::fitNameColumn);
    connect(model, &QAbstractItemModel::dataChanged, this, &RunListView::fitNameColumn);
    for (int column : {int(RunListModel::BaselineColumn), int(RunListModel::VisibleColumn), int(RunListModel::OffsetColumn),
                       int(RunListModel::TrimColumn), int(RunListModel::SteadyStateColumn), int(RunListModel::HostColumn),
                       int(RunListModel::DurationColumn)})
        horizontalHeader()->setSectionResizeMode(column, QHeaderView::ResizeToContents);
    for (const int column : secondaryColumns())
        setColumnHidden(column, true);
    fitNameColumn();
}

int RunListView::nameWidthNeeded() const
{
    int width = horizontalHeader()->sectionSizeHint(RunListModel::NameColumn);
    if (!model())
        return width;
    QStyleOptionViewItem option;
    initViewItemOption(&option);
    for (int row = 0; row < model()->rowCount(); ++row) {
        const QModelIndex index = model()->index(row, RunListModel::NameColumn);
        width = std::max(width, itemDelegateForIndex(index)->sizeHint(option, index).width() + (showGrid() ? 1 : 0));
    }
    return width;
}

int RunListView::heightForAllRuns() const
{
    int height = horizontalHeader()->height() + 2 * frameWidth();
    for (int row = 0; model() && row < model()->rowCount(); ++row)
        height += rowHeight(row);
    if (horizontalScrollBar()->isVisible())
        height += horizontalScrollBar()->height();
    return height;
}

void RunListView::fitNameColumn()
{
    if (!model())
        return;
    int others = 0;
    for (int column = 0; column < model()->columnCount(); ++column) {
        if (column != RunListModel::NameColumn && !isColumnHidden(column))
            others += columnWidth(column);
    }
    const int width = std::max(nameWidthNeeded(), viewport()->width() - others);
    if (columnWidth(RunListModel::NameColumn) != width)
        setColumnWidth(RunListModel::NameColumn, width);
}

bool RunListView::viewportEvent(QEvent* event)
{
    const bool handled = QTableView::viewportEvent(event);
    if (event->type() == QEvent::Resize)
        fitNameColumn();
    return handled;
}

QList<int> RunListView::secondaryColumns()
{
    return {RunListModel::OffsetColumn, RunListModel::SteadyStateColumn, RunListModel::HostColumn,
            RunListModel::DurationColumn};
}

std::unique_ptr<QMenu> RunListView::columnsMenu()
{
    auto menu = std::make_unique<QMenu>(this);
    if (!model())
        return menu;
    for (int column = 0; column < model()->columnCount(); ++column) {
        if (column == RunListModel::NameColumn)
            continue; // the legend of every chart: always there
        QAction* action = menu->addAction(model()->headerData(column, Qt::Horizontal).toString());
        action->setCheckable(true);
        action->setChecked(!isColumnHidden(column));
        connect(action, &QAction::toggled, this, [this, column](bool shown) { setColumnHidden(column, !shown); });
    }
    return menu;
}

void RunListView::editShowingColumn(int row, int column)
{
    setColumnHidden(column, false);
    const QModelIndex index = model()->index(row, column);
    scrollTo(index);
    edit(index);
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
    menu->addAction(tr("Set Offset…"), this, [this, row] { editShowingColumn(row, RunListModel::OffsetColumn); });
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
    menu->addAction(tr("Set Trim…"), this, [this, row] { editShowingColumn(row, RunListModel::TrimColumn); });
    QAction* clear = menu->addAction(tr("Clear Trim"), this,
                                     [this, row] { model()->setData(model()->index(row, RunListModel::TrimColumn), QString()); });
    clear->setEnabled(model()->index(row, RunListModel::TrimColumn).data(Qt::EditRole).toString().size() > 0);
    menu->addSeparator();
    menu->addAction(m_trimAll);
    menu->addAction(m_trimAllToSteadyState);
    menu->addAction(m_clearTrims);
    menu->addAction(m_undoTrims);
    menu->addSeparator();
    menu->addAction(tr("Remove"), this, [this, row] { emit removeRequested(row); });
    return menu;
}
