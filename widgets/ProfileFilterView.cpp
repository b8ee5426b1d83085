#include "ProfileFilterView.h"

#include "IdList.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <limits>

namespace {

enum Column { Name, Samples, Share };
constexpr int kIdRole = Qt::UserRole;
// Nothing checked: no thread has this id, so no sample passes (an empty list would mean "all").
constexpr std::uint32_t kNoThread = std::numeric_limits<std::uint32_t>::max() - 1;

// Numbers sort as numbers: the display text is set apart from the sort key.
class CountItem : public QTreeWidgetItem
{
public:
    using QTreeWidgetItem::QTreeWidgetItem;
    bool operator<(const QTreeWidgetItem& other) const override
    {
        const int column = treeWidget() ? treeWidget()->sortColumn() : Name;
        if (column == Name)
            return text(Name).localeAwareCompare(other.text(Name)) < 0;
        return data(Samples, Qt::UserRole + 1).toULongLong() < other.data(Samples, Qt::UserRole + 1).toULongLong();
    }
};

// A row of the list: its name, id, sample count and share, checked.
void fillRow(QTreeWidgetItem* item, const QString& name, std::uint32_t id, std::uint64_t samples, const QString& share)
{
    item->setText(Name, name);
    item->setData(Name, kIdRole, id);
    item->setText(Samples, QString::number(samples));
    item->setData(Samples, Qt::UserRole + 1, qulonglong(samples));
    item->setText(Share, share);
    item->setTextAlignment(Samples, Qt::AlignRight | Qt::AlignVCenter);
    item->setTextAlignment(Share, Qt::AlignRight | Qt::AlignVCenter);
    item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
    item->setCheckState(Name, Qt::Checked);
}

} // namespace

ProfileFilterView::ProfileFilterView(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("profileFilter"));
    m_cpuField = new QLineEdit(this);
    m_cpuField->setObjectName(QStringLiteral("profileFilterCpus"));
    m_cpuField->setPlaceholderText(tr("All CPUs, or a list such as 0-3,8"));
    m_cpuField->setClearButtonEnabled(true);
    m_cpuField->setToolTip(tr("Only the samples taken on these CPUs (in the baseline too). Press Enter to apply."));
    m_search = new QLineEdit(this);
    m_search->setObjectName(QStringLiteral("profileFilterSearch"));
    m_search->setPlaceholderText(tr("Find a process or thread by name or id"));
    m_search->setClearButtonEnabled(true);
    m_clear = new QPushButton(tr("Show &All"), this);
    m_clear->setToolTip(tr("Check every process and thread and clear the CPU list"));
    m_summary = new QLabel(this);
    m_summary->setWordWrap(true);
    m_tree = new QTreeWidget(this);
    m_tree->setObjectName(QStringLiteral("profileFilterTree"));
    m_tree->setHeaderLabels({tr("Process / thread"), tr("Samples"), tr("Share")});
    m_tree->setToolTip(tr("Uncheck what the flame graph should leave out. The baseline keeps the processes and "
                          "threads of the same names."));
    m_tree->setRootIsDecorated(true);
    m_tree->setUniformRowHeights(true);
    m_tree->setSortingEnabled(true);
    m_tree->sortByColumn(Samples, Qt::DescendingOrder);
    m_tree->header()->setSectionResizeMode(Name, QHeaderView::Stretch);
    m_tree->header()->setStretchLastSection(false);

    auto* cpuRow = new QHBoxLayout;
    auto* cpuLabel = new QLabel(tr("&CPUs:"), this);
    cpuLabel->setBuddy(m_cpuField);
    cpuRow->addWidget(cpuLabel);
    cpuRow->addWidget(m_cpuField, 1);
    cpuRow->addWidget(m_clear);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addLayout(cpuRow);
    layout->addWidget(m_search);
    layout->addWidget(m_tree, 1);
    layout->addWidget(m_summary);

    connect(m_cpuField, &QLineEdit::editingFinished, this, &ProfileFilterView::readCpus);
    // The clear button of the field empties it without "editing finished".
    connect(m_cpuField, &QLineEdit::textChanged, this, [this](const QString& text) {
        if (text.isEmpty())
            readCpus();
    });
    connect(m_search, &QLineEdit::textChanged, this, &ProfileFilterView::applySearch);
    connect(m_clear, &QPushButton::clicked, this, &ProfileFilterView::clear);
    connect(m_tree, &QTreeWidget::itemChanged, this, [this](QTreeWidgetItem*, int column) {
        if (m_filling || column != Name)
            return;
        m_summary->setText(description());
        emit filterChanged();
    });
}

void ProfileFilterView::setIndex(const ProfileIndex* index, bool sameRun)
{
    if (sameRun)
        return;
    m_filling = true;
    m_tree->setSortingEnabled(false);
    m_tree->clear();
    m_total = index ? index->totalSamples() : 0;
    const double total = double(std::max<std::uint64_t>(1, m_total));
    const auto share = [total](std::uint64_t samples) { return QStringLiteral("%1 %").arg(100.0 * double(samples) / total, 0, 'f', 1); };
    QList<QTreeWidgetItem*> top;
    if (index) {
        const auto& threads = index->threads();
        for (const auto& process : index->processes()) {
            auto* item = new CountItem;
            fillRow(item, tr("%1 (PID %2)").arg(QString::fromStdString(process.command)).arg(process.pid), process.pid,
                    process.samples, share(process.samples));
            item->setFlags(item->flags() | Qt::ItemIsAutoTristate);
            // A process with one thread is its thread: no child row to repeat it.
            if (process.threads.size() > 1) {
                for (const std::uint32_t t : process.threads) {
                    const auto& thread = threads[t];
                    fillRow(new CountItem(item), tr("%1 (TID %2)").arg(QString::fromStdString(thread.command)).arg(thread.tid),
                            thread.tid, thread.samples, share(thread.samples));
                }
            }
            top.append(item);
        }
    }
    m_tree->addTopLevelItems(top);
    m_tree->setSortingEnabled(true);
    m_tree->resizeColumnToContents(Samples);
    m_tree->resizeColumnToContents(Share);
    applySearch(m_search->text());
    m_filling = false;
    m_summary->setText(description());
}

std::vector<std::uint32_t> ProfileFilterView::pids() const
{
    std::vector<std::uint32_t> ids;
    bool all = true;
    for (int i = 0; i < m_tree->topLevelItemCount(); ++i) {
        const QTreeWidgetItem* item = m_tree->topLevelItem(i);
        if (item->checkState(Name) == Qt::Checked)
            ids.push_back(item->data(Name, kIdRole).toUInt());
        else
            all = false;
    }
    return all ? std::vector<std::uint32_t>{} : ids;
}

std::vector<std::uint32_t> ProfileFilterView::tids() const
{
    std::vector<std::uint32_t> ids;
    bool any = false;
    bool all = true;
    for (int i = 0; i < m_tree->topLevelItemCount(); ++i) {
        const QTreeWidgetItem* item = m_tree->topLevelItem(i);
        const Qt::CheckState state = item->checkState(Name);
        any = any || state != Qt::Unchecked;
        all = all && state == Qt::Checked;
        // Whole processes go by PID; of a partly checked one, its checked threads.
        if (state != Qt::PartiallyChecked)
            continue;
        for (int c = 0; c < item->childCount(); ++c) {
            if (item->child(c)->checkState(Name) == Qt::Checked)
                ids.push_back(item->child(c)->data(Name, kIdRole).toUInt());
        }
    }
    if (!all && !any)
        ids.push_back(kNoThread);
    return all ? std::vector<std::uint32_t>{} : ids;
}

bool ProfileFilterView::isFiltering() const
{
    return !m_cpus.empty() || !pids().empty() || !tids().empty();
}

QString ProfileFilterView::description() const
{
    QStringList parts;
    if (!m_cpus.empty())
        parts.append(tr("CPUs %1").arg(formatIdList(m_cpus)));
    int checked = 0;
    int partly = 0;
    const int processes = m_tree->topLevelItemCount();
    for (int i = 0; i < processes; ++i) {
        const Qt::CheckState state = m_tree->topLevelItem(i)->checkState(Name);
        checked += state == Qt::Checked ? 1 : 0;
        partly += state == Qt::PartiallyChecked ? 1 : 0;
    }
    if (checked + partly < processes || partly > 0) {
        parts.append(partly > 0 ? tr("%1 of %2 processes (%3 in part)").arg(checked + partly).arg(processes).arg(partly)
                                : tr("%1 of %2 processes").arg(checked).arg(processes));
    }
    return parts.join(QStringLiteral("; "));
}

void ProfileFilterView::clear()
{
    m_filling = true;
    for (int i = 0; i < m_tree->topLevelItemCount(); ++i) {
        QTreeWidgetItem* item = m_tree->topLevelItem(i);
        item->setCheckState(Name, Qt::Checked);
        for (int c = 0; c < item->childCount(); ++c)
            item->child(c)->setCheckState(Name, Qt::Checked);
    }
    m_filling = false;
    m_cpuField->clear();
    m_cpus.clear();
    m_cpuField->setStyleSheet(QString());
    m_summary->setText(description());
    emit filterChanged();
}

void ProfileFilterView::readCpus()
{
    const auto cpus = parseIdList(m_cpuField->text());
    if (!cpus) {
        // Kept as typed, marked, and not applied: the previous list stays in force.
        m_cpuField->setStyleSheet(QStringLiteral("QLineEdit { background: #fde2e2; }"));
        m_summary->setText(tr("\"%1\" is not a CPU list: use numbers and ranges, such as 0-3,8.").arg(m_cpuField->text()));
        return;
    }
    m_cpuField->setStyleSheet(QString());
    if (*cpus == m_cpus)
        return;
    m_cpus = *cpus;
    m_summary->setText(description());
    emit filterChanged();
}

void ProfileFilterView::applySearch(const QString& text)
{
    const QString needle = text.trimmed();
    for (int i = 0; i < m_tree->topLevelItemCount(); ++i) {
        QTreeWidgetItem* item = m_tree->topLevelItem(i);
        bool childMatches = false;
        for (int c = 0; c < item->childCount(); ++c) {
            QTreeWidgetItem* child = item->child(c);
            const bool matches = needle.isEmpty() || child->text(Name).contains(needle, Qt::CaseInsensitive);
            child->setHidden(!matches && !needle.isEmpty() && !item->text(Name).contains(needle, Qt::CaseInsensitive));
            childMatches = childMatches || (matches && !needle.isEmpty());
        }
        const bool matches = needle.isEmpty() || item->text(Name).contains(needle, Qt::CaseInsensitive) || childMatches;
        item->setHidden(!matches);
        if (childMatches)
            item->setExpanded(true);
    }
}
