// The findings engine: rules as data (resources/findings.json), evaluated per run and per
// comparison with the baseline. A rule names a metric, a statistic over the window, a comparison
// with a threshold, and the sentence a user can act on, with the measured value filled in:
//
//   {"id": "cpu-underutilised", "severity": "warning", "scope": "run", "metric": "cpu.idle",
//    "stat": "mean", "op": ">", "threshold": 50,
//    "sentence": "CPUs were idle {value} of the time in {run}: ..."}
//
// scope "run": the statistic itself; with "ratio_to" the statistic divided by another metric's;
// with "instances": "any" the most extreme instance (a per-CPU, per-disk, per-group metric).
// scope "comparison": the change of the statistic against the baseline in percent; for the mean
// it must also be real by the significance test unless "significant": false.
// "host": conditions on the host configuration captured in the run (Comparability::factsOf: section
// "Host" with thp_enabled, cpu_governor, clocksource, numa_nodes …, "sysctl", "Kernel config", "EC2"),
// all of which must hold in the run (for a comparison: in the compared run):
//
//   "host": [{"section": "Host", "key": "thp_enabled", "in": ["never"]},
//            {"section": "sysctl", "key": "kernel.numa_balancing", "op": ">=", "threshold": 1}]
//
// A fact the run did not record never matches. A rule with "host" may leave out the metric (and op
// and threshold): it then tests the configuration alone and points at "points_at", if given.
// Placeholders: {value} {baseline} {change} {ratio} {threshold} {run} {instance} {metric}, and
// {fact} (the value of the first host condition's fact).
#pragma once

#include "Finding.h"
#include "SummaryReport.h"

#include <QByteArray>
#include <QStringList>

#include <map>

#include <vector>

class FindingRules
{
public:
    // Parses the rules; on a bad file returns false with a sentence naming the rule in *error.
    bool load(const QByteArray& json, QString* error);
    int count() const { return int(m_rules.size()); }

    // Findings ordered by severity (critical first), then run, then rule order.
    std::vector<Finding> evaluate(const std::vector<SummaryRunInput>& runs, int baseline,
                                  const SummaryReport& report) const;

private:
    enum class Scope { Run, Comparison };
    enum class Op { Greater, GreaterOrEqual, Less, LessOrEqual };
    struct HostCondition {
        QString section;
        QString key;
        QStringList in;    // the fact is one of these (text)
        QStringList notIn; // the fact is none of these
        bool numeric = false;
        Op op = Op::Greater;
        double threshold = 0;
    };
    using Facts = std::map<QString, std::map<QString, QString>>; // Comparability::Facts
    struct Rule {
        QString id;
        FindingSeverity severity = FindingSeverity::Info;
        Scope scope = Scope::Run;
        QString metric;
        QString stat = QStringLiteral("mean");
        Op op = Op::Greater;
        double threshold = 0;
        QString ratioTo;
        bool anyInstance = false;
        bool requireSignificant = true;
        QString sentence;
        std::vector<HostCondition> host;
        QString pointsAt; // the metric a rule on host facts alone points at
    };
    static bool hostHolds(const Rule& rule, const Facts& facts);
    static QString firstFact(const Rule& rule, const Facts& facts);
    Finding hostOnlyFinding(const Rule& rule, const SummaryRunInput& input, int runIndex, const Facts& facts) const;
    static bool holds(Op op, double value, double threshold);
    std::vector<Finding> evaluateRun(const Rule& rule, const SummaryRunInput& input, int runIndex,
                                     const Facts& facts) const;
    std::vector<Finding> evaluateComparison(const Rule& rule, const std::vector<SummaryRunInput>& runs,
                                            int baseline, const SummaryReport& report,
                                            const std::vector<Facts>& facts) const;

    std::vector<Rule> m_rules;
};
