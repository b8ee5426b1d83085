#include "SummaryTableModel.h"

#include "SummaryExport.h"
#include "UnitFormat.h"
#include "VerdictExplanation.h"

#include <QLocale>

#include <cmath>

SummaryTableModel::SummaryTableModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void SummaryTableModel::setReport(SummaryReportPtr report)
{
    beginResetModel();
    m_report = std::move(report);
    m_columns.clear();
    if (m_report) {
        m_columns.push_back({ColumnKind::Metric, -1});
        m_columns.push_back({ColumnKind::Category, -1});
        m_columns.push_back({ColumnKind::Value, m_report->baseline});
        for (int r = 0; r < int(m_report->runs.size()); ++r) {
            if (r == m_report->baseline)
                continue;
            m_columns.push_back({ColumnKind::Value, r});
            m_columns.push_back({ColumnKind::Delta, r});
        }
    }
    endResetModel();
}

SummaryTableModel::ColumnKind SummaryTableModel::columnKind(int column) const
{
    return m_columns.at(std::size_t(column)).kind;
}

int SummaryTableModel::columnRun(int column) const
{
    return m_columns.at(std::size_t(column)).run;
}

int SummaryTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !m_report ? 0 : int(m_report->rows.size());
}

int SummaryTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_columns.size());
}

QString SummaryTableModel::toolTip(const SummaryRow& row, int run) const
{
    const SummaryCell& cell = row.cells[std::size_t(run)];
    const SummaryCell& base = row.cells[std::size_t(m_report->baseline)];
    const auto describe = [&](const QString& name, const WindowStatistics& s) {
        if (s.isEmpty())
            return tr("%1: no samples in the window").arg(name);
        return tr("%1: mean %2, sd %3, min %4, p50 %5, p90 %6, p99 %7, max %8 (%n samples)", nullptr, int(s.count))
            .arg(name, UnitFormat::format(s.mean, row.unit), UnitFormat::format(s.sd, row.unit),
                 UnitFormat::format(s.min, row.unit), UnitFormat::format(s.p50, row.unit),
                 UnitFormat::format(s.p90, row.unit), UnitFormat::format(s.p99, row.unit),
                 UnitFormat::format(s.max, row.unit));
    };
    QStringList lines{row.title + QStringLiteral(" (") + row.name() + QLatin1Char(')')};
    if (run != m_report->baseline)
        lines.append(describe(m_report->runs[std::size_t(m_report->baseline)].name, base.stats));
    lines.append(describe(m_report->runs[std::size_t(run)].name, cell.stats));
    if (row.isRunResult())
        lines.append(tr("A result of the whole run: its last value counts, whatever the window."));
    if (run != m_report->baseline && cell.verdict != Verdict::NoData && cell.repeats) {
        const RepeatComparison& repeats = *cell.repeats;
        const QString noise = UnitFormat::format(100 * repeats.noise, QStringLiteral("%"));
        if (repeats.isWithinVariant()) {
            lines.append(tr("A repeat of the baseline's variant %1: %2 (%3) from the baseline run, within the spread of "
                            "its %4 repeats, (max − min) / median %5")
                             .arg(repeats.baselineGroup, UnitFormat::format(cell.delta, row.unit),
                                  SummaryExport::formatDelta(row, cell))
                             .arg(repeats.baseline.runs)
                             .arg(noise));
        } else {
            lines.append(tr("Compared by repeats: the mean of %1 (%2 runs), %3, against the mean of %4 (%5 runs), %6: "
                            "a difference of %7 (%8)")
                             .arg(repeats.otherGroup)
                             .arg(repeats.other.runs)
                             .arg(UnitFormat::format(repeats.other.mean, row.unit), repeats.baselineGroup)
                             .arg(repeats.baseline.runs)
                             .arg(UnitFormat::format(repeats.baseline.mean, row.unit),
                                  UnitFormat::format(cell.delta, row.unit), SummaryExport::formatDelta(row, cell)));
            lines.append(tr("Noise: the larger spread (max − min) / median of the two variants, %1, that is ±%2; a "
                            "smaller change is within noise")
                             .arg(noise, UnitFormat::format(repeats.noiseBand, row.unit)));
        }
        lines.append(tr("Verdict: %1").arg(SummaryExport::verdictText(cell.verdict)));
    } else if (run != m_report->baseline && cell.verdict != Verdict::NoData) {
        lines.append(tr("Difference of means: %1 (%2)").arg(UnitFormat::format(cell.delta, row.unit),
                                                             SummaryExport::formatDelta(row, cell)));
        if (cell.estimate.tested) {
            lines.append(tr("99 % confidence interval of the difference: %1 to %2 (block bootstrap, blocks of %3 and %4 samples)")
                             .arg(UnitFormat::format(cell.estimate.low, row.unit), UnitFormat::format(cell.estimate.high, row.unit))
                             .arg(cell.estimate.baselineBlock)
                             .arg(cell.estimate.otherBlock));
        } else {
            lines.append(tr("Too few samples to tell a real change from noise."));
        }
        lines.append(tr("Verdict: %1").arg(SummaryExport::verdictText(cell.verdict)));
        if (const QString why = VerdictExplanation::explain(*m_report, row, run); !why.isEmpty())
            lines.append(why);
    }
    for (const GroupSpread& group : row.spreads) {
        lines.append(tr("Repeats of %1 (%n runs): spread (max − min) / median %2, coefficient of variation %3", nullptr,
                        group.spread.runs)
                         .arg(group.group, UnitFormat::format(100 * group.spread.rangeOverMedian, QStringLiteral("%")),
                              UnitFormat::format(100 * group.spread.coefficientOfVariation, QStringLiteral("%"))));
    }
    return lines.join(QLatin1Char('\n'));
}

QVariant SummaryTableModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid) || !m_report)
        return {};
    const SummaryRow& row = m_report->rows[std::size_t(index.row())];
    const Column& column = m_columns[std::size_t(index.column())];
    switch (role) {
    case MetricIdRole:
        return row.metricId;
    case CategoryRole:
        return row.category;
    case SignificantRole:
        return row.hasSignificantChange();
    case ReportRowRole:
        return index.row();
    case RunRole:
        return column.run;
    case InstanceRole:
        return row.instance;
    case InstanceRowRole:
        return row.isInstanceRow();
    case InstanceCountRole:
        return row.instanceCount;
    default:
        break;
    }
    const SummaryCell* cell = column.run >= 0 ? &row.cells[std::size_t(column.run)] : nullptr;
    switch (column.kind) {
    case ColumnKind::Metric:
        // An instance row reads as a detail of its metric ("↳ User CPU [cpu3]") and sorts right after it;
        // a run's result says that it is one, as the metric browser does.
        if (role == Qt::DisplayRole) {
            if (row.isInstanceRow())
                return tr("↳ %1 [%2]").arg(row.title, row.instance);
            return row.isRunResult() ? tr("%1 (result)").arg(row.title) : row.title;
        }
        if (role == SortRole)
            return row.isInstanceRow() ? row.title + QChar(0x1f) + row.instance : row.title;
        if (role == Qt::ToolTipRole) {
            if (row.isInstanceRow())
                return tr("%1 of %2 alone (%3)").arg(row.instance, row.title, row.name());
            if (row.instanceCount > 0)
                return tr("%1 — %n instance(s): double-click or use the context menu to show a row for each", nullptr,
                          row.instanceCount)
                    .arg(row.metricId);
            return row.metricId;
        }
        return {};
    case ColumnKind::Category:
        if (role == Qt::DisplayRole || role == SortRole)
            return row.category;
        return {};
    case ColumnKind::Value:
        if (role == Qt::DisplayRole)
            return cell->stats.isEmpty() ? QStringLiteral("–") : UnitFormat::format(cell->stats.mean, row.unit);
        if (role == SortRole)
            return cell->stats.isEmpty() ? QVariant() : QVariant(cell->stats.mean);
        if (role == Qt::ToolTipRole)
            return toolTip(row, column.run);
        if (role == VerdictRole)
            return int(cell->verdict);
        if (role == Qt::TextAlignmentRole)
            return QVariant::fromValue(Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter));
        return {};
    case ColumnKind::Delta:
        if (role == Qt::DisplayRole) {
            const QString delta = SummaryExport::formatDelta(row, *cell);
            if (cell->verdict == Verdict::WithinNoise) {
                // How large a change this series' own variation hides: a "−48 % (noise)" next to a
                // real "−40 %" reads as a contradiction, "−48 % (noise, ±70 %)" does not.
                const QString band = VerdictExplanation::noiseBandText(row, *cell, row.cells[std::size_t(m_report->baseline)]);
                return band.isEmpty() ? tr("%1 (noise)").arg(delta) : tr("%1 (noise, %2)").arg(delta, band);
            }
            if (cell->verdict == Verdict::TooFewSamples)
                return tr("%1 (too few samples)").arg(delta);
            return delta;
        }
        if (role == SortRole) {
            if (cell->verdict == Verdict::NoData)
                return {};
            // Real changes sort by size, relative where possible; noise counts as no change.
            if (!cell->isSignificantChange())
                return 0.0;
            return std::isfinite(cell->deltaPercent) ? cell->deltaPercent : cell->delta;
        }
        if (role == Qt::ToolTipRole)
            return toolTip(row, column.run);
        if (role == VerdictRole)
            return int(cell->verdict);
        if (role == Qt::TextAlignmentRole)
            return QVariant::fromValue(Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter));
        return {};
    }
    return {};
}

QVariant SummaryTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole || !m_report || section < 0
        || section >= int(m_columns.size()))
        return QAbstractTableModel::headerData(section, orientation, role);
    const Column& column = m_columns[std::size_t(section)];
    switch (column.kind) {
    case ColumnKind::Metric:
        return tr("Metric");
    case ColumnKind::Category:
        return tr("Category");
    case ColumnKind::Value:
        return column.run == m_report->baseline ? tr("%1 (baseline)").arg(m_report->runs[std::size_t(column.run)].name)
                                                : m_report->runs[std::size_t(column.run)].name;
    case ColumnKind::Delta:
        return tr("Δ %1").arg(m_report->runs[std::size_t(column.run)].name);
    }
    return {};
}
