// One finding: a sentence a user can act on, how serious it is, and the metric it points at.
#pragma once

#include <QString>

enum class FindingSeverity { Info, Warning, Critical };

QString severityName(FindingSeverity severity); // "info", "warning", "critical"

struct Finding {
    QString ruleId;
    FindingSeverity severity = FindingSeverity::Info;
    int run = -1;      // the run it was found in (for a comparison: the compared run)
    QString metricId;  // what to look at; the app opens this metric's chart
    QString sentence;
};
