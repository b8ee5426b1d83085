// Price-performance: what 100,000 operations per second cost per hour, from each run's throughput
// (ops/s, or any figure and unit the user enters; without one, what the run recorded of its
// workload's throughput) and hourly price, relative to the baseline.
// Prices are prefilled from a small, dated, editable table shipped as data (resources/ec2-prices.json);
// the caller hands the table's text in (models/ never reads the app's resources).
#pragma once

#include "Comparability.h"
#include "RecordedThroughput.h"

#include <QAbstractTableModel>
#include <QByteArray>
#include <QString>
#include <QStringList>

#include <cmath>
#include <map>
#include <optional>
#include <vector>

class PriceTable
{
public:
    // Parses the price table; on a bad file returns false with a sentence in *error.
    bool load(const QByteArray& json, QString* error);
    std::optional<double> hourlyPrice(const QString& instanceType) const;
    QString date() const { return m_date; }         // when the prices were copied
    QString region() const { return m_region; }
    QString currency() const { return m_currency; }
    bool isEmpty() const { return m_prices.empty(); }

private:
    QString m_date;
    QString m_region;
    QString m_currency;
    std::map<QString, double> m_prices;
};

struct PricePerformanceInput {
    double throughput = 0;  // per second, in the user's unit
    double hourlyPrice = 0;
};

struct PricePerformanceResult {
    double costPer100k = 0;          // price × 100,000 / throughput; NaN without throughput or price
    double relativeToBaseline = 0;   // costPer100k / the baseline's, NaN when either is unknown
};

enum class PriceSource {
    None,  // no price: neither given nor in the table
    Given, // entered by the user (--price, or edited in the view)
    Table, // prefilled from the price table for the run's instance type
};

enum class ThroughputSource {
    None,     // neither entered nor recorded
    Given,    // entered by the user (--throughput, or typed in the view); wins over a recorded one
    Recorded, // the run's own workload metric in a unit of work per second (RecordedThroughput)
};

// What the user entered for one run (kept across new reports, saved with the session).
struct PricePerformanceEntry {
    double throughput = std::nan(""); // NaN when not given
    QString unit;                     // empty: ops/s
    std::optional<double> hourlyPrice; // empty: the price table's

    bool isEmpty() const { return std::isnan(throughput) && unit.isEmpty() && !hourlyPrice; }
};

// One run's inputs and results, as the summary outputs show them.
struct PricePerformanceRun {
    QString name;
    double throughput = std::nan(""); // NaN when neither given nor recorded
    QString unit;                     // "ops/s" unless the user gave another or the run recorded one
    ThroughputSource throughputSource = ThroughputSource::None;
    QString throughputMetric;         // with a recorded throughput: the metric's id ("workload.tps")
    double hourlyPrice = std::nan("");
    PriceSource source = PriceSource::None;
    QString instanceType; // from the run's EC2 host facts, empty when unknown
    PricePerformanceResult result;
};

struct PricePerformanceReport {
    std::vector<PricePerformanceRun> runs; // empty unless price-performance was asked for
    int baseline = 0;
    QString tableDate;
    QString tableRegion;
    QString currency = QStringLiteral("USD");

    bool isEmpty() const { return runs.empty(); }
};

namespace PricePerformance {
std::vector<PricePerformanceResult> compute(const std::vector<PricePerformanceInput>& runs, int baseline);
// Fills every run's result from its throughput and price.
void computeReport(PricePerformanceReport& report);
// The report of runs named `names` (with their instance types, empty where unknown): what the user
// entered, by position; for a run without an entered throughput the one it recorded (by position,
// when there is one: `recorded` may be empty); for every run whose price the user left out the
// table's price for its instance type; results computed. The one place both the summary view's
// table and `runlens summary --throughput` build it.
PricePerformanceReport buildReport(const QStringList& names, const QStringList& instanceTypes,
                                   const std::vector<PricePerformanceEntry>& entered, const PriceTable& table,
                                   int baseline, const std::vector<RecordedThroughput>& recorded = {});
// "12.5 ops/s" → (12.5, "ops/s"); a bare figure is in ops/s. nullopt when it does not start with a
// positive number.
std::optional<std::pair<double, QString>> parseThroughput(const QString& text);
// The instance type in one run's host facts (EC2 identity), empty when the run has none.
QString instanceTypeOf(const Comparability::Facts& facts);
// The instance types per run from the side-by-side host facts of a summary.
QStringList instanceTypes(const ComparabilityReport& comparability, int runCount);
// (cost − baseline cost) / baseline cost in %; NaN when either is unknown.
double relativePercent(const PricePerformanceResult& result);
// Texts for people: the cost, the change against the baseline, or why there is no number.
QString costText(const PricePerformanceRun& run);
QString relativeText(const PricePerformanceReport& report, int run);
QString sourceText(const PricePerformanceReport& report, const PricePerformanceRun& run);
// Where a run's throughput came from: "given", "recorded: workload.tps", "none".
QString throughputSourceText(const PricePerformanceRun& run);
// The stable names of the sources for CSV and JSON: "given", "recorded", "none".
QString throughputSourceName(ThroughputSource source);
// "0.2016" — plain numbers for prices and throughputs, C locale.
QString plainNumber(double value);
} // namespace PricePerformance

// The editable price-performance table of the summary view: per run the throughput (prefilled with
// what the run recorded of its workload's throughput), its unit and the hourly price (prefilled
// from the price table by instance type), the cost per 100,000 units/s and the change against the
// baseline. What the user typed is kept per run name across new reports and wins over the
// prefilled values; emptying a cell goes back to them.
class PricePerformanceModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { RunColumn, ThroughputColumn, UnitColumn, PriceColumn, CostColumn, RelativeColumn, ColumnCount };
    // On the relative column: -1 cheaper than the baseline (better), +1 dearer (worse), 0 otherwise.
    enum Role {
        BetterRole = Qt::UserRole + 1,
        // On the throughput and unit columns: int(ThroughputSource), so that views can set a
        // recorded value apart from a typed one.
        ThroughputSourceRole,
    };

    explicit PricePerformanceModel(QObject* parent = nullptr);

    bool setPriceTable(const QByteArray& json, QString* error);
    const PriceTable& priceTable() const { return m_table; }
    // The runs of the summary, with their instance types (empty when unknown) and the throughputs
    // they recorded (recordedThroughputs of the summary; empty when none did).
    void setRuns(const QStringList& names, const QStringList& instanceTypes, int baseline,
                 const std::vector<RecordedThroughput>& recorded = {});
    const PricePerformanceReport& report() const { return m_report; }
    // What the user entered, by run name (the summary's name of the run); for saving a session.
    std::map<QString, PricePerformanceEntry> enteredInputs() const;
    // Replaces what was entered (a session being opened); runs not named keep the table's prices.
    void setEnteredInputs(const std::map<QString, PricePerformanceEntry>& inputs);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    using Entered = PricePerformanceEntry;
    void rebuild();

    PriceTable m_table;
    QStringList m_names;
    QStringList m_instanceTypes;
    std::vector<RecordedThroughput> m_recorded;
    std::map<QString, Entered> m_entered; // by run name
    PricePerformanceReport m_report;
};
