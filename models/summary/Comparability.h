// Are the runs comparable at all? The host facts of each run (manifest host and EC2 identity, the
// sysctl snapshot, the kernel configuration) side by side, which of them differ, and warnings for
// the differences that change results: instance type, CPU model and count, kernel, memory size,
// sysctl and kernel-config values. Which facts matter and which values change on their own
// (file handle counts, the last PID) is data: resources/comparability.json.
#pragma once

#include "Run.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <map>
#include <vector>

struct HostFactRow {
    QString section; // "Host", "EC2", "sysctl", "Kernel config"
    QString key;
    QStringList values; // one per run; empty when the run does not have the fact
    bool differs = false;
};

struct ComparabilityWarning {
    QString section;
    QString key;
    QString sentence;
};

struct ComparabilityReport {
    std::vector<HostFactRow> facts;
    std::vector<ComparabilityWarning> warnings;
};

class Comparability
{
public:
    // Parses resources/comparability.json; on a bad file returns false with a sentence in *error.
    bool load(const QByteArray& json, QString* error);

    // The facts of one run, by section and key.
    using Facts = std::map<QString, std::map<QString, QString>>;
    static Facts factsOf(const Run& run);

    // runNames label the values in the warnings; runs and runNames have the same length.
    ComparabilityReport compare(const std::vector<Facts>& runs, const QStringList& runNames) const;

private:
    struct KeyFact {
        QString section;
        QString key;
        QString label;
    };
    bool isVolatile(const QString& section, const QString& key) const;

    std::vector<KeyFact> m_keyFacts;
    QStringList m_configSections;                  // summarised as "N values differ"
    std::map<QString, QStringList> m_volatile;     // section -> wildcard patterns
    int m_listedDifferences = 5;
};
