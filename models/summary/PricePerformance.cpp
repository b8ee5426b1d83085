#include "PricePerformance.h"

#include <QCoreApplication>

#include <nlohmann/json.hpp>

#include <cmath>

bool PriceTable::load(const QByteArray& json, QString* error)
{
    const nlohmann::json document = nlohmann::json::parse(json.constData(), json.constData() + json.size(), nullptr, false);
    if (!document.is_object() || !document.contains("prices") || !document["prices"].is_object()) {
        if (error)
            *error = QCoreApplication::translate("PriceTable", "The price table is not valid: expected an object with \"prices\".");
        return false;
    }
    m_date = QString::fromStdString(document.value("date", std::string()));
    m_region = QString::fromStdString(document.value("region", std::string()));
    m_currency = QString::fromStdString(document.value("currency", std::string("USD")));
    m_prices.clear();
    for (auto it = document["prices"].begin(); it != document["prices"].end(); ++it) {
        if (it->is_number())
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
