// The data files the summary needs — findings rules, comparability rules, EC2 prices — read from
// the app's resources (or a file the user names) for the headless commands that build summaries.
#pragma once

#include <QByteArray>
#include <QString>

#include <optional>

class Comparability;
class FindingRules;

namespace SummaryData {

// The file's bytes; nullopt with "cannot read PATH: why" in *error.
std::optional<QByteArray> read(const QString& path, QString* error);
// The findings rules from `path` (the built-in ones: kFindingRules); false with "PATH: why".
bool loadFindingRules(const QString& path, FindingRules& rules, QString* error);
bool loadComparability(Comparability& comparability, QString* error);

inline const QString kFindingRules = QStringLiteral(":/summary/findings.json");
inline const QString kComparability = QStringLiteral(":/summary/comparability.json");
inline const QString kPrices = QStringLiteral(":/summary/ec2-prices.json");

} // namespace SummaryData
