#include "RunListModel.h"

#include "RunSet.h"
#include "UnitFormat.h"

#include <QRegularExpression>

#include <algorithm>

std::optional<std::pair<double, double>> RunListModel::parseWindow(const QString& text)
{
    static const QRegularExpression pattern(
        QStringLiteral("^\\s*([0-9]+(?:\\.[0-9]*)?)\\s*s?\\s*[:\\x{2013}-]\\s*([0-9]+(?:\\.[0-9]*)?)\\s*s?\\s*$"));
    const QRegularExpressionMatch match = pattern.match(text);
    if (!match.hasMatch())
        return std::nullopt;
    const double from = match.captured(1).toDouble();
    const double to = match.captured(2).toDouble();
    if (!(to > from))
        return std::nullopt;
    return std::make_pair(from, to);
}

RunListModel::RunListModel(RunSet* runs, QObject* parent)
    : QAbstractTableModel(parent)
    , m_runs(runs)
{
    connect(runs, &RunSet::runAboutToBeAdded, this, [this](int index) { beginInsertRows({}, index, index); });
    connect(runs, &RunSet::runAdded, this, [this] { endInsertRows(); });
    connect(runs, &RunSet::runAboutToBeRemoved, this, [this](int index) { beginRemoveRows({}, index, index); });
    connect(runs, &RunSet::runRemoved, this, [this] { endRemoveRows(); });
    connect(runs, &RunSet::aboutToReset, this, [this] { beginResetModel(); });
    connect(runs, &RunSet::runsReset, this, [this] { endResetModel(); });
    connect(runs, &RunSet::orderAboutToChange, this, [this] { beginResetModel(); });
    connect(runs, &RunSet::orderChanged, this, [this] { endResetModel(); });
    connect(runs, &RunSet::runChanged, this,
            [this](int row) { emit dataChanged(index(row, 0), index(row, ColumnCount - 1)); });
    connect(runs, &RunSet::baselineChanged, this, [this] {
        if (rowCount() > 0)
            emit dataChanged(index(0, BaselineColumn), index(rowCount() - 1, BaselineColumn));
    });
}

int RunListModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : m_runs->count();
}

int RunListModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant RunListModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const RunEntry& entry = m_runs->at(index.row());
    const bool isBaseline = index.row() == m_runs->baselineIndex();
    if (role == ColourRole)
        return entry.colour;
    if (role == FilePathRole)
        return entry.run->filePath();
    if (role == Qt::ToolTipRole && (index.column() == SteadyStateColumn || index.column() == TrimColumn)) {
        const SteadyStateProposal& proposal = steadyState(index.row());
        QString text = index.column() == TrimColumn
                           ? tr("The part of the run the summary and exports use. Double-click to type FROM:TO in seconds; "
                                "empty for the whole run.") + QLatin1Char('\n')
                           : QString();
        text += tr("Steady state: %1").arg(proposal.reason);
        if (proposal.window && entry.trim != proposal.window)
            text += QLatin1Char('\n') + tr("Right-click › Trim to Steady State to use it.");
        return text;
    }
    if (role == Qt::ToolTipRole) {
        QString text = tr("%1\n%2\nrecorded on %3 at %4").arg(entry.displayName, entry.run->filePath(), entry.run->hostName(),
                                                              entry.run->startTime().toString(Qt::ISODate));
        if (const QString source = entry.run->source(); !source.isEmpty())
            text += QLatin1Char('\n') + tr("from %1").arg(source);
        if (const QString note = entry.run->note(); !note.isEmpty())
            text += QLatin1Char('\n') + note;
        QStringList tags;
        for (const auto& [key, value] : entry.run->tags())
            tags.append(key + QLatin1Char('=') + value);
        if (!tags.isEmpty())
            text += QLatin1Char('\n') + tr("Tags: %1").arg(tags.join(QStringLiteral(", ")));
        for (const QString& note : entry.run->importNotes())
            text += QLatin1Char('\n') + tr("Not imported: %1").arg(note);
        return text;
    }
    switch (index.column()) {
    case NameColumn:
        if (role == Qt::DisplayRole || role == Qt::EditRole)
            return entry.displayName;
        break;
    case BaselineColumn:
        if (role == Qt::CheckStateRole)
            return isBaseline ? Qt::Checked : Qt::Unchecked;
        if (role == Qt::DisplayRole)
            return isBaseline ? tr("baseline") : QString();
        break;
    case VisibleColumn:
        if (role == Qt::CheckStateRole)
            return entry.visible ? Qt::Checked : Qt::Unchecked;
        break;
    case OffsetColumn:
        if (role == Qt::DisplayRole)
            return UnitFormat::format(entry.offsetSeconds, QStringLiteral("s"), 4);
        if (role == Qt::EditRole)
            return entry.offsetSeconds;
        break;
    case TrimColumn:
        if (role == Qt::DisplayRole)
            return entry.trim ? windowText(*entry.trim) : tr("all");
        if (role == Qt::EditRole)
            return entry.trim ? QStringLiteral("%1:%2").arg(QString::number(entry.trim->first, 'g', 12),
                                                            QString::number(entry.trim->second, 'g', 12))
                              : QString();
        break;
    case SteadyStateColumn:
        if (role == Qt::DisplayRole) {
            const SteadyStateProposal& proposal = steadyState(index.row());
            return proposal.window ? windowText(*proposal.window) : tr("whole run");
        }
        break;
    case HostColumn:
        if (role == Qt::DisplayRole)
            return entry.run->hostName();
        break;
    case DurationColumn:
        if (role == Qt::DisplayRole)
            return UnitFormat::format(entry.run->durationSeconds(), QStringLiteral("s"), 4);
        break;
    default:
        break;
    }
    return {};
}

bool RunListModel::setData(const QModelIndex& index, const QVariant& value, int role)
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return false;
    const int row = index.row();
    switch (index.column()) {
    case NameColumn:
        if (role != Qt::EditRole || value.toString().trimmed().isEmpty())
            return false;
        m_runs->setDisplayName(row, value.toString());
        return true;
    case BaselineColumn:
        if (role != Qt::CheckStateRole || value.toInt() != Qt::Checked)
            return false;
        m_runs->setBaseline(row);
        return true;
    case VisibleColumn:
        if (role != Qt::CheckStateRole)
            return false;
        m_runs->setVisible(row, value.toInt() == Qt::Checked);
        return true;
    case OffsetColumn: {
        bool ok = false;
        const double seconds = value.toDouble(&ok);
        if (role != Qt::EditRole || !ok)
            return false;
        m_runs->setOffset(row, seconds);
        return true;
    }
    case TrimColumn: {
        if (role != Qt::EditRole)
            return false;
        if (value.toString().trimmed().isEmpty()) {
            m_runs->setTrim(row, std::nullopt);
            return true;
        }
        const auto trim = parseWindow(value.toString());
        if (!trim)
            return false;
        m_runs->setTrim(row, trim);
        return true;
    }
    default:
        return false;
    }
}

QVariant RunListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameColumn: return tr("Run");
    case BaselineColumn: return tr("Baseline");
    case VisibleColumn: return tr("Shown");
    case OffsetColumn: return tr("Offset");
    case TrimColumn: return tr("Trim");
    case SteadyStateColumn: return tr("Steady State");
    case HostColumn: return tr("Host");
    case DurationColumn: return tr("Duration");
    default: return {};
    }
}

Qt::ItemFlags RunListModel::flags(const QModelIndex& index) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return Qt::NoItemFlags;
    Qt::ItemFlags flags = Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemNeverHasChildren;
    if (index.column() == NameColumn || index.column() == OffsetColumn || index.column() == TrimColumn)
        flags |= Qt::ItemIsEditable;
    if (index.column() == BaselineColumn || index.column() == VisibleColumn)
        flags |= Qt::ItemIsUserCheckable;
    return flags;
}

const SteadyStateProposal& RunListModel::steadyState(int row) const
{
    return m_runs->steadyState(row);
}

bool RunListModel::acceptSteadyState(int row)
{
    const SteadyStateProposal& proposal = steadyState(row);
    if (!proposal.window)
        return false;
    m_runs->setTrim(row, proposal.window);
    return true;
}

int RunListModel::alignBySteadyState()
{
    return m_runs->alignBySteadyState();
}

QString RunListModel::windowText(const std::pair<double, double>& window)
{
    return tr("%1–%2 s").arg(QString::number(window.first, 'f', 1), QString::number(window.second, 'f', 1));
}

int RunListModel::applyTrims(const std::vector<std::optional<Window>>& windows)
{
    std::vector<TrimChange> changes;
    for (int row = 0; row < m_runs->count() && row < int(windows.size()); ++row) {
        const auto& window = windows[std::size_t(row)];
        const RunEntry& entry = m_runs->at(row);
        if (!window || *window == entry.trim)
            continue;
        changes.push_back({entry.run, entry.trim, *window});
        m_runs->setTrim(row, *window);
    }
    // An action that changed nothing leaves the previous one undoable.
    const int changed = int(changes.size());
    if (changed > 0) {
        m_trimsBefore = std::move(changes);
        emit undoTrimsChanged(true);
    }
    return changed;
}

int RunListModel::trimAll(const std::pair<double, double>& window)
{
    std::vector<std::optional<Window>> windows;
    for (int row = 0; row < m_runs->count(); ++row) {
        // Not past the run's end: a window the run has no samples in would summarise nothing.
        const double duration = m_runs->at(row).run->durationSeconds();
        const double end = duration > 0 ? std::min(window.second, duration) : window.second;
        windows.push_back(end > window.first ? Window(std::make_pair(window.first, end)) : std::nullopt);
    }
    return applyTrims(windows);
}

int RunListModel::trimAllToSteadyState()
{
    std::vector<std::optional<Window>> windows;
    for (int row = 0; row < m_runs->count(); ++row) {
        const SteadyStateProposal& proposal = m_runs->steadyState(row);
        windows.push_back(proposal.window ? std::optional<Window>(proposal.window) : std::nullopt);
    }
    return applyTrims(windows);
}

int RunListModel::clearTrims()
{
    return applyTrims(std::vector<std::optional<Window>>(std::size_t(m_runs->count()), Window()));
}

int RunListModel::undoTrims()
{
    int restored = 0;
    for (const TrimChange& change : m_trimsBefore) {
        const RunPtr run = change.run.lock();
        for (int row = 0; run && row < m_runs->count(); ++row) {
            if (m_runs->at(row).run == run && m_runs->at(row).trim == change.after) {
                m_runs->setTrim(row, change.before);
                ++restored;
            }
        }
    }
    m_trimsBefore.clear();
    emit undoTrimsChanged(false);
    return restored;
}
