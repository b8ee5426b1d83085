// The data files the summary needs — findings rules, comparability rules, EC2 prices — read from
// the app's resources (or a rules file the user names). The one place their paths are written:
// the main window and the headless commands both load them here.
#pragma once

#include <QByteArray>
#include <QString>

#include <memory>
#include <optional>

class Comparability;
class FindingRules;
class PriceTable;

namespace SummaryResources {

inline const QString kFindingRules = QStringLiteral(":/summary/findings.json");
inline const QString kComparability = QStringLiteral(":/summary/comparability.json");
inline const QString kPrices = QStringLiteral(":/summary/ec2-prices.json");

// The file's bytes; nullopt with "cannot read PATH: why" in *error.
std::optional<QByteArray> read(const QString& path, QString* error);
// Each parsed; null with a sentence naming the file in *error.
std::shared_ptr<const FindingRules> findingRules(const QString& path, QString* error);
std::shared_ptr<const Comparability> comparability(QString* error);
std::shared_ptr<const PriceTable> priceTable(QString* error);

} // namespace SummaryResources
