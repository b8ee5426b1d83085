// Price-performance: what 100,000 operations per second cost per hour, from each run's throughput
// (ops/s, or any figure and unit the user enters) and hourly price, relative to the baseline.
// Prices are prefilled from a small, dated, editable table shipped as data (resources/ec2-prices.json).
#pragma once

#include <QByteArray>
#include <QString>

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

namespace PricePerformance {
std::vector<PricePerformanceResult> compute(const std::vector<PricePerformanceInput>& runs, int baseline);
}
