#include "PricePerformance.h"

#include <QCoreApplication>
#include <QLocale>
#include <QRegularExpression>

#include "UntrustedJson.h"

#include <nlohmann/json.hpp>

#include <cmath>

bool PriceTable::load(const QByteArray& json, QString* error)
{
    const nlohmann::json document = runlens::format::tryParseUntrustedJson(std::string_view(json.constData(), std::size_t(json.size())))
                                        .value_or(nlohmann::json());
    if (!document.is_object() || !document.contains("prices") || !document["prices"].is_object()) {
        if (error)
            *error = QCoreApplication::translate("PriceTable", "The price table is not valid: expected an object with \"prices\".");
        return false;
    }
    m_date = QString::fromStdString(runlens::format::textField(document, "date"));
    m_region = QString::fromStdString(runlens::format::textField(document, "region"));
    m_currency = QString::fromStdString(runlens::format::textField(document, "currency", "USD"));
    m_prices.clear();
    for (auto it = document["prices"].begin(); it != document["prices"].end(); ++it) {
        if (it->is_number() && std::isfinite(it->get<double>()))
            m_prices[QString::fromStdString(it.key())] = it->get<double>();
    }
    return true;
}

std::optional<double> PriceTable::hourlyPrice(const QString& instanceType) const
{
    const auto it = m_prices.find(instanceType);
    if (it == m_prices.end())
        return std::nullopt;
    return it->second;
}

std::vector<PricePerformanceResult> PricePerformance::compute(const std::vector<PricePerformanceInput>& runs, int baseline)
{
    std::vector<PricePerformanceResult> results(runs.size());
    for (std::size_t r = 0; r < runs.size(); ++r) {
        const PricePerformanceInput& input = runs[r];
        results[r].costPer100k = input.throughput > 0 && input.hourlyPrice > 0
                                     ? input.hourlyPrice * 100000.0 / input.throughput
                                     : std::nan("");
    }
    const double base = baseline >= 0 && baseline < int(runs.size()) ? results[std::size_t(baseline)].costPer100k : std::nan("");
    for (PricePerformanceResult& result : results)
        result.relativeToBaseline = std::isfinite(base) && std::isfinite(result.costPer100k) ? result.costPer100k / base : std::nan("");
    return results;
}

void PricePerformance::computeReport(PricePerformanceReport& report)
{
    std::vector<PricePerformanceInput> inputs;
    for (const PricePerformanceRun& run : report.runs)
        inputs.push_back({std::isfinite(run.throughput) ? run.throughput : 0.0,
                          std::isfinite(run.hourlyPrice) ? run.hourlyPrice : 0.0});
    const std::vector<PricePerformanceResult> results = compute(inputs, report.baseline);
    for (std::size_t r = 0; r < results.size(); ++r)
        report.runs[r].result = results[r];
}

std::optional<std::pair<double, QString>> PricePerformance::parseThroughput(const QString& text)
{
    static const QRegularExpression pattern(QStringLiteral("^\\s*([0-9]*\\.?[0-9]+(?:[eE][+-]?[0-9]+)?)\\s*(.*?)\\s*$"));
    const QRegularExpressionMatch match = pattern.match(text);
    if (!match.hasMatch())
        return std::nullopt;
    bool ok = false;
    const double value = match.captured(1).toDouble(&ok);
    if (!ok || !std::isfinite(value) || value <= 0)
        return std::nullopt;
    const QString unit = match.captured(2);
    return std::make_pair(value, unit.isEmpty() ? QStringLiteral("ops/s") : unit);
}

PricePerformanceReport PricePerformance::buildReport(const QStringList& names, const QStringList& instanceTypes,
                                                    const std::vector<PricePerformanceEntry>& entered,
                                                    const PriceTable& table, int baseline,
                                                    const std::vector<RecordedThroughput>& recorded)
{
    PricePerformanceReport report;
    report.tableDate = table.date();
    report.tableRegion = table.region();
    if (!table.currency().isEmpty())
        report.currency = table.currency();
    for (int r = 0; r < names.size(); ++r) {
        PricePerformanceRun run;
        run.name = names[r];
        run.instanceType = instanceTypes.value(r);
        run.unit = QStringLiteral("ops/s");
        if (std::size_t(r) < recorded.size() && !recorded[std::size_t(r)].isEmpty()) {
            const RecordedThroughput& own = recorded[std::size_t(r)];
            run.throughput = own.value;
            run.unit = own.unit;
            run.throughputSource = ThroughputSource::Recorded;
            run.throughputMetric = own.metricId;
        }
        if (std::size_t(r) < entered.size()) {
            // What the user typed wins over what the run recorded: they may know better (another
            // phase of the benchmark, a figure from its own report).
            const PricePerformanceEntry& entry = entered[std::size_t(r)];
            if (!std::isnan(entry.throughput)) {
                run.throughput = entry.throughput;
                run.throughputSource = ThroughputSource::Given;
                run.throughputMetric.clear(); // a bare figure stays in the unit shown beside it
            }
            if (!entry.unit.isEmpty())
                run.unit = entry.unit;
            if (entry.hourlyPrice) {
                run.hourlyPrice = *entry.hourlyPrice;
                run.source = PriceSource::Given;
            }
        }
        if (run.source == PriceSource::None && !run.instanceType.isEmpty()) {
            if (const auto price = table.hourlyPrice(run.instanceType)) {
                run.hourlyPrice = *price;
                run.source = PriceSource::Table;
            }
        }
        report.runs.push_back(run);
    }
    report.baseline = baseline >= 0 && baseline < int(report.runs.size()) ? baseline : 0;
    computeReport(report);
    return report;
}

QString PricePerformance::instanceTypeOf(const Comparability::Facts& facts)
{
    const auto ec2 = facts.find(QStringLiteral("EC2"));
    if (ec2 == facts.end())
        return {};
    const auto type = ec2->second.find(QStringLiteral("instance_type"));
    return type == ec2->second.end() ? QString() : type->second;
}

QStringList PricePerformance::instanceTypes(const ComparabilityReport& comparability, int runCount)
{
    QStringList types;
    for (int r = 0; r < runCount; ++r)
        types.append(QString());
    for (const HostFactRow& row : comparability.facts) {
        if (row.section == QLatin1String("EC2") && row.key == QLatin1String("instance_type")) {
            for (int r = 0; r < runCount && r < row.values.size(); ++r)
                types[r] = row.values[r];
        }
    }
    return types;
}

double PricePerformance::relativePercent(const PricePerformanceResult& result)
{
    return std::isfinite(result.relativeToBaseline) ? 100.0 * (result.relativeToBaseline - 1.0) : std::nan("");
}

QString PricePerformance::plainNumber(double value)
{
    return std::isfinite(value) ? QLocale::c().toString(value, 'g', 10) : QString();
}

QString PricePerformance::costText(const PricePerformanceRun& run)
{
    if (!(run.throughput > 0))
        return QCoreApplication::translate("PricePerformance", "no throughput");
    if (!(run.hourlyPrice > 0))
        return QCoreApplication::translate("PricePerformance", "no price");
    return QLocale::c().toString(run.result.costPer100k, 'f', 4);
}

QString PricePerformance::relativeText(const PricePerformanceReport& report, int run)
{
    if (run == report.baseline)
        return QCoreApplication::translate("PricePerformance", "baseline");
    const PricePerformanceRun& base = report.runs[std::size_t(report.baseline)];
    if (!std::isfinite(base.result.costPer100k)) {
        return !(base.throughput > 0) ? QCoreApplication::translate("PricePerformance", "baseline has no throughput")
                                      : QCoreApplication::translate("PricePerformance", "baseline has no price");
    }
    const double percent = relativePercent(report.runs[std::size_t(run)].result);
    if (!std::isfinite(percent))
        return QCoreApplication::translate("PricePerformance", "no cost to compare");
    const QString digits = QLocale::c().toString(percent, 'f', 1);
    if (digits == QLatin1String("0.0") || digits == QLatin1String("-0.0"))
        return QStringLiteral("±0 %");
    return (percent > 0 ? QStringLiteral("+") : QString()) + digits + QStringLiteral(" %");
}

QString PricePerformance::sourceText(const PricePerformanceReport& report, const PricePerformanceRun& run)
{
    switch (run.source) {
    case PriceSource::Given: return QCoreApplication::translate("PricePerformance", "given");
    case PriceSource::Table:
        return QCoreApplication::translate("PricePerformance", "EC2 price table of %1 (%2, %3)")
            .arg(report.tableDate, report.tableRegion, run.instanceType);
    case PriceSource::None: break;
    }
    if (run.instanceType.isEmpty())
        return QCoreApplication::translate("PricePerformance", "none: no instance type in the run");
    return QCoreApplication::translate("PricePerformance", "none: %1 is not in the EC2 price table of %2")
        .arg(run.instanceType, report.tableDate);
}

QString PricePerformance::throughputSourceText(const PricePerformanceRun& run)
{
    switch (run.throughputSource) {
    case ThroughputSource::Given: return QCoreApplication::translate("PricePerformance", "given");
    case ThroughputSource::Recorded:
        return QCoreApplication::translate("PricePerformance", "recorded: %1").arg(run.throughputMetric);
    case ThroughputSource::None: break;
    }
    return QCoreApplication::translate("PricePerformance", "none");
}

QString PricePerformance::throughputSourceName(ThroughputSource source)
{
    switch (source) {
    case ThroughputSource::Given: return QStringLiteral("given");
    case ThroughputSource::Recorded: return QStringLiteral("recorded");
    case ThroughputSource::None: break;
    }
    return QStringLiteral("none");
}

PricePerformanceModel::PricePerformanceModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

bool PricePerformanceModel::setPriceTable(const QByteArray& json, QString* error)
{
    PriceTable table;
    if (!table.load(json, error))
        return false;
    m_table = table;
    beginResetModel();
    rebuild();
    endResetModel();
    return true;
}

void PricePerformanceModel::setRuns(const QStringList& names, const QStringList& instanceTypes, int baseline,
                                    const std::vector<RecordedThroughput>& recorded)
{
    beginResetModel();
    m_names = names;
    m_instanceTypes = instanceTypes;
    m_recorded = recorded;
    m_report.baseline = baseline;
    rebuild();
    endResetModel();
}

std::map<QString, PricePerformanceEntry> PricePerformanceModel::enteredInputs() const
{
    std::map<QString, PricePerformanceEntry> inputs;
    for (const auto& [name, entered] : m_entered) {
        if (!entered.isEmpty())
            inputs[name] = entered;
    }
    return inputs;
}

void PricePerformanceModel::setEnteredInputs(const std::map<QString, PricePerformanceEntry>& inputs)
{
    beginResetModel();
    m_entered = inputs;
    rebuild();
    endResetModel();
}

void PricePerformanceModel::rebuild()
{
    std::vector<PricePerformanceEntry> entered;
    for (const QString& name : std::as_const(m_names)) {
        const auto found = m_entered.find(name);
        entered.push_back(found != m_entered.end() ? found->second : PricePerformanceEntry());
    }
    m_report = PricePerformance::buildReport(m_names, m_instanceTypes, entered, m_table, m_report.baseline, m_recorded);
}

int PricePerformanceModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_report.runs.size());
}

int PricePerformanceModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant PricePerformanceModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const PricePerformanceRun& run = m_report.runs[std::size_t(index.row())];
    const bool isBaseline = index.row() == m_report.baseline;
    switch (role) {
    case Qt::DisplayRole:
    case Qt::EditRole:
        switch (Column(index.column())) {
        case RunColumn:
            return isBaseline ? QCoreApplication::translate("PricePerformance", "%1 (baseline)").arg(run.name) : run.name;
        case ThroughputColumn: return PricePerformance::plainNumber(run.throughput);
        case UnitColumn: return run.unit;
        case PriceColumn: return PricePerformance::plainNumber(run.hourlyPrice);
        case CostColumn: return PricePerformance::costText(run);
        case RelativeColumn: return PricePerformance::relativeText(m_report, index.row());
        case ColumnCount: break;
        }
        break;
    case Qt::ToolTipRole:
        if (index.column() == PriceColumn)
            return QCoreApplication::translate("PricePerformance", "Hourly price in %1, source: %2")
                .arg(m_report.currency, PricePerformance::sourceText(m_report, run));
        if (index.column() == ThroughputColumn) {
            const QString what = QCoreApplication::translate(
                "PricePerformance", "The run's throughput (for example 150000), in the unit of the next column");
            if (run.throughputSource == ThroughputSource::Recorded) {
                const RecordedThroughput& own = m_recorded[std::size_t(index.row())];
                return what + QLatin1Char('\n')
                       + QCoreApplication::translate("PricePerformance",
                                                     "Recorded by the run: %1 (%2), its value in the summary. Type a "
                                                     "throughput to use another; empty the cell to come back to this one.")
                             .arg(own.title, own.metricId);
            }
            if (run.throughputSource == ThroughputSource::Given && std::size_t(index.row()) < m_recorded.size()
                && !m_recorded[std::size_t(index.row())].isEmpty())
                return what + QLatin1Char('\n')
                       + QCoreApplication::translate("PricePerformance",
                                                     "Typed, in place of the %1 %2 the run recorded (%3); empty the "
                                                     "cell to use that.")
                             .arg(PricePerformance::plainNumber(m_recorded[std::size_t(index.row())].value),
                                  m_recorded[std::size_t(index.row())].unit, m_recorded[std::size_t(index.row())].metricId);
            return what;
        }
        if (index.column() == CostColumn)
            return QCoreApplication::translate("PricePerformance", "price × 100,000 / throughput: what 100,000 %1 cost per hour; lower is better")
                .arg(run.unit);
        break;
    case Qt::TextAlignmentRole:
        if (index.column() != RunColumn && index.column() != UnitColumn)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        break;
    case ThroughputSourceRole:
        if (index.column() == ThroughputColumn || index.column() == UnitColumn)
            return int(run.throughputSource);
        return {};
    case BetterRole:
        if (index.column() == RelativeColumn || index.column() == CostColumn) {
            const double percent = isBaseline ? std::nan("") : PricePerformance::relativePercent(run.result);
            if (!std::isfinite(percent) || std::fabs(percent) < 0.05)
                return 0;
            return percent < 0 ? -1 : 1;
        }
        return 0;
    default: break;
    }
    return {};
}

bool PricePerformanceModel::setData(const QModelIndex& index, const QVariant& value, int role)
{
    if (!index.isValid() || role != Qt::EditRole || index.row() >= rowCount())
        return false;
    const QString text = value.toString().trimmed();
    Entered& entered = m_entered[m_report.runs[std::size_t(index.row())].name];
    switch (index.column()) {
    case ThroughputColumn:
        if (text.isEmpty()) {
            entered.throughput = std::nan("");
        } else {
            const auto parsed = PricePerformance::parseThroughput(text);
            if (!parsed)
                return false;
            entered.throughput = parsed->first;
            bool bare = false;
            text.toDouble(&bare);
            if (!bare) // "150000 req/s" also sets the unit
                entered.unit = parsed->second;
        }
        break;
    case UnitColumn: entered.unit = text; break;
    case PriceColumn:
        if (text.isEmpty()) {
            entered.hourlyPrice.reset(); // back to the table's price
        } else {
            bool ok = false;
            const double price = QLocale::c().toDouble(text, &ok);
            if (!ok || !std::isfinite(price) || price < 0)
                return false;
            entered.hourlyPrice = price;
        }
        break;
    default: return false;
    }
    rebuild();
    emit dataChanged(this->index(0, 0), this->index(rowCount() - 1, ColumnCount - 1));
    return true;
}

Qt::ItemFlags PricePerformanceModel::flags(const QModelIndex& index) const
{
    Qt::ItemFlags result = QAbstractTableModel::flags(index);
    if (index.column() == ThroughputColumn || index.column() == UnitColumn || index.column() == PriceColumn)
        result |= Qt::ItemIsEditable;
    return result;
}

QVariant PricePerformanceModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (Column(section)) {
    case RunColumn: return QCoreApplication::translate("PricePerformance", "Run");
    case ThroughputColumn: return QCoreApplication::translate("PricePerformance", "Throughput");
    case UnitColumn: return QCoreApplication::translate("PricePerformance", "Unit");
    case PriceColumn: return QCoreApplication::translate("PricePerformance", "Price (%1/h)").arg(m_report.currency);
    case CostColumn: return QCoreApplication::translate("PricePerformance", "Cost per 100,000 units/s (%1/h)").arg(m_report.currency);
    case RelativeColumn: return QCoreApplication::translate("PricePerformance", "Against baseline");
    case ColumnCount: break;
    }
    return {};
}
