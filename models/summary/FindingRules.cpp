#include "FindingRules.h"

#include "Comparability.h"
#include "SummaryBuilder.h"
#include "UnitFormat.h"

#include <QCoreApplication>
#include <QLocale>

#include "UntrustedJson.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <optional>

namespace {

QString text(const nlohmann::json& object, const char* key)
{
    const auto it = object.find(key);
    return it != object.end() && it->is_string() ? QString::fromStdString(it->get<std::string>()) : QString();
}

QString signedPercent(double percent)
{
    return (percent > 0 ? QStringLiteral("+") : QString()) + QLocale::c().toString(percent, 'f', 1) + QStringLiteral(" %");
}

struct Substitutions {
    QString value, baseline, change, ratio, threshold, run, instance, metric, fact;
};

QStringList textList(const nlohmann::json& object, const char* key)
{
    QStringList list;
    const auto it = object.find(key);
    if (it == object.end() || !it->is_array())
        return list;
    for (const nlohmann::json& item : *it) {
        if (item.is_string())
            list.append(QString::fromStdString(item.get<std::string>()));
        else if (item.is_number())
            list.append(QString::fromStdString(item.dump()));
    }
    return list;
}

QString fill(const QString& sentence, const Substitutions& s)
{
    // Data sentences go through translate() too, so a translator can add them to a .ts file.
    QString result = QCoreApplication::translate("FindingRules", sentence.toUtf8().constData());
    result.replace(QLatin1String("{value}"), s.value);
    result.replace(QLatin1String("{baseline}"), s.baseline);
    result.replace(QLatin1String("{change}"), s.change);
    result.replace(QLatin1String("{ratio}"), s.ratio);
    result.replace(QLatin1String("{threshold}"), s.threshold);
    result.replace(QLatin1String("{run}"), s.run);
    result.replace(QLatin1String("{instance}"), s.instance);
    result.replace(QLatin1String("{metric}"), s.metric);
    result.replace(QLatin1String("{fact}"), s.fact);
    return result;
}

} // namespace

bool FindingRules::load(const QByteArray& json, QString* error)
{
    const nlohmann::json document = runlens::format::tryParseUntrustedJson(std::string_view(json.constData(), std::size_t(json.size())))
                                        .value_or(nlohmann::json());
    const auto fail = [error](const QString& why) {
        if (error)
            *error = QCoreApplication::translate("FindingRules", "The findings rules are not valid: %1.").arg(why);
        return false;
    };
    if (!document.is_object() || !document.contains("rules") || !document["rules"].is_array())
        return fail(QCoreApplication::translate("FindingRules", "expected an object with a \"rules\" array"));
    const auto parseOp = [](const QString& op) -> std::optional<Op> {
        if (op == QLatin1String(">"))
            return Op::Greater;
        if (op == QLatin1String(">="))
            return Op::GreaterOrEqual;
        if (op == QLatin1String("<"))
            return Op::Less;
        if (op == QLatin1String("<="))
            return Op::LessOrEqual;
        return std::nullopt;
    };
    std::vector<Rule> rules;
    for (const nlohmann::json& object : document["rules"]) {
        if (!object.is_object())
            return fail(QCoreApplication::translate("FindingRules", "every rule must be an object"));
        Rule rule;
        rule.id = text(object, "id");
        rule.metric = text(object, "metric");
        rule.sentence = text(object, "sentence");
        const QString where = rule.id.isEmpty() ? QStringLiteral("#%1").arg(rules.size() + 1) : rule.id;
        if (object.contains("host")) {
            if (!object["host"].is_array() || object["host"].empty())
                return fail(QCoreApplication::translate("FindingRules", "rule %1: \"host\" must be a non-empty list of conditions").arg(where));
            for (const nlohmann::json& condition : object["host"]) {
                HostCondition host;
                if (condition.is_object()) {
                    host.section = text(condition, "section");
                    host.key = text(condition, "key");
                    host.in = textList(condition, "in");
                    host.notIn = textList(condition, "not_in");
                }
                if (host.section.isEmpty() || host.key.isEmpty())
                    return fail(QCoreApplication::translate("FindingRules", "rule %1: a host condition needs a section and a key").arg(where));
                if (condition.contains("op")) {
                    const auto op = parseOp(text(condition, "op"));
                    if (!op || !condition.contains("threshold") || !condition["threshold"].is_number())
                        return fail(QCoreApplication::translate("FindingRules", "rule %1: the host condition on %2 needs an "
                                                                "operator (>, >=, < or <=) and a numeric threshold")
                                        .arg(where, host.key));
                    host.numeric = true;
                    host.op = *op;
                    host.threshold = condition["threshold"].get<double>();
                }
                if (!host.numeric && host.in.isEmpty() && host.notIn.isEmpty())
                    return fail(QCoreApplication::translate("FindingRules", "rule %1: the host condition on %2 needs \"in\", "
                                                            "\"not_in\" or an operator and threshold")
                                    .arg(where, host.key));
                rule.host.push_back(std::move(host));
            }
        }
        rule.pointsAt = text(object, "points_at");
        const bool hostOnly = rule.metric.isEmpty() && !rule.host.empty();
        if (rule.id.isEmpty() || (rule.metric.isEmpty() && !hostOnly) || rule.sentence.isEmpty())
            return fail(QCoreApplication::translate("FindingRules", "rule %1 needs an id, a metric (or host conditions) and a sentence").arg(where));
        const QString severity = text(object, "severity");
        if (severity == QLatin1String("critical"))
            rule.severity = FindingSeverity::Critical;
        else if (severity == QLatin1String("warning"))
            rule.severity = FindingSeverity::Warning;
        else if (severity == QLatin1String("info"))
            rule.severity = FindingSeverity::Info;
        else
            return fail(QCoreApplication::translate("FindingRules", "rule %1 has severity \"%2\"; use info, warning or critical")
                            .arg(where, severity));
        const QString scope = text(object, "scope");
        if (scope == QLatin1String("comparison"))
            rule.scope = Scope::Comparison;
        else if (scope == QLatin1String("run"))
            rule.scope = Scope::Run;
        else
            return fail(QCoreApplication::translate("FindingRules", "rule %1 has scope \"%2\"; use run or comparison").arg(where, scope));
        if (object.contains("stat"))
            rule.stat = text(object, "stat");
        if (!WindowStatistics::of(std::vector<double>{1.0}).byName(rule.stat))
            return fail(QCoreApplication::translate("FindingRules", "rule %1 uses the unknown statistic \"%2\"").arg(where, rule.stat));
        if (hostOnly) {
            if (rule.scope != Scope::Run)
                return fail(QCoreApplication::translate("FindingRules", "rule %1 tests host facts alone and must have scope run").arg(where));
            rules.push_back(std::move(rule));
            continue;
        }
        const QString op = text(object, "op");
        const auto parsedOp = parseOp(op);
        if (!parsedOp)
            return fail(QCoreApplication::translate("FindingRules", "rule %1 has the operator \"%2\"; use >, >=, < or <=").arg(where, op));
        rule.op = *parsedOp;
        if (!object.contains("threshold") || !object["threshold"].is_number())
            return fail(QCoreApplication::translate("FindingRules", "rule %1 needs a numeric threshold").arg(where));
        rule.threshold = object["threshold"].get<double>();
        if (!std::isfinite(rule.threshold))
            return fail(QCoreApplication::translate("FindingRules", "rule %1 needs a numeric threshold").arg(where));
        rule.ratioTo = text(object, "ratio_to");
        rule.anyInstance = text(object, "instances") == QLatin1String("any");
        rule.requireSignificant = runlens::format::flagField(object, "significant", true);
        rules.push_back(std::move(rule));
    }
    m_rules = std::move(rules);
    return true;
}

bool FindingRules::holds(Op op, double value, double threshold)
{
    switch (op) {
    case Op::Greater: return value > threshold;
    case Op::GreaterOrEqual: return value >= threshold;
    case Op::Less: return value < threshold;
    case Op::LessOrEqual: return value <= threshold;
    }
    return false;
}

bool FindingRules::hostHolds(const Rule& rule, const Facts& facts)
{
    for (const HostCondition& condition : rule.host) {
        const auto section = facts.find(condition.section);
        if (section == facts.end())
            return false;
        const auto fact = section->second.find(condition.key);
        if (fact == section->second.end() || fact->second.isEmpty())
            return false; // not recorded (a VM without cpufreq, an unprivileged recording): no claim
        const QString value = fact->second.trimmed();
        if (!condition.in.isEmpty() && !condition.in.contains(value))
            return false;
        if (condition.notIn.contains(value))
            return false;
        if (condition.numeric) {
            bool ok = false;
            const double number = value.toDouble(&ok);
            if (!ok || !holds(condition.op, number, condition.threshold))
                return false;
        }
    }
    return true;
}

QString FindingRules::firstFact(const Rule& rule, const Facts& facts)
{
    if (rule.host.empty())
        return {};
    const auto section = facts.find(rule.host.front().section);
    if (section == facts.end())
        return {};
    const auto fact = section->second.find(rule.host.front().key);
    return fact == section->second.end() ? QString() : fact->second.trimmed();
}

Finding FindingRules::hostOnlyFinding(const Rule& rule, const SummaryRunInput& input, int runIndex, const Facts& facts) const
{
    Substitutions s;
    s.run = input.name;
    s.fact = firstFact(rule, facts);
    if (!rule.pointsAt.isEmpty()) {
        if (const auto* descriptor = input.run->metric(rule.pointsAt))
            s.metric = QString::fromStdString(descriptor->title);
    }
    return Finding{rule.id, rule.severity, runIndex, input.run->hasMetric(rule.pointsAt) ? rule.pointsAt : QString(),
                   fill(rule.sentence, s)};
}

std::vector<Finding> FindingRules::evaluateRun(const Rule& rule, const SummaryRunInput& input, int runIndex,
                                               const Facts& facts) const
{
    if (!hostHolds(rule, facts))
        return {};
    if (rule.metric.isEmpty())
        return {hostOnlyFinding(rule, input, runIndex, facts)};
    const Run& run = *input.run;
    const auto* descriptor = run.metric(rule.metric);
    if (!descriptor)
        return {};
    const QString unit = QString::fromStdString(descriptor->unit);
    QStringList instances;
    if (rule.anyInstance) {
        instances = run.instances(rule.metric);
    } else if (const auto instance = run.aggregateInstance(rule.metric)) {
        instances.append(*instance);
    }
    // The most extreme instance in the direction of the rule: the one that trips it first.
    const bool upward = rule.op == Op::Greater || rule.op == Op::GreaterOrEqual;
    std::optional<std::pair<double, QString>> extreme;
    for (const QString& instance : instances) {
        const auto value = WindowStatistics::of(run.series(rule.metric, instance), input.window).byName(rule.stat);
        if (!value)
            continue;
        if (!extreme || (upward ? *value > extreme->first : *value < extreme->first))
            extreme = std::make_pair(*value, instance);
    }
    if (!extreme)
        return {};
    double tested = extreme->first;
    Substitutions s;
    s.value = UnitFormat::format(extreme->first, unit);
    if (!rule.ratioTo.isEmpty()) {
        const auto divisorInstance = run.aggregateInstance(rule.ratioTo);
        if (!divisorInstance)
            return {};
        const auto divisor = WindowStatistics::of(run.series(rule.ratioTo, *divisorInstance), input.window).byName(rule.stat);
        if (!divisor || *divisor == 0)
            return {};
        tested = extreme->first / *divisor;
        s.ratio = QLocale::c().toString(tested, 'f', 2) + QStringLiteral("×");
    }
    if (!holds(rule.op, tested, rule.threshold))
        return {};
    s.threshold = rule.ratioTo.isEmpty() ? UnitFormat::format(rule.threshold, unit) : QLocale::c().toString(rule.threshold);
    s.run = input.name;
    s.instance = extreme->second;
    s.metric = QString::fromStdString(descriptor->title);
    s.fact = firstFact(rule, facts);
    return {Finding{rule.id, rule.severity, runIndex, rule.metric, fill(rule.sentence, s)}};
}

std::vector<Finding> FindingRules::evaluateComparison(const Rule& rule, const std::vector<SummaryRunInput>& runs,
                                                      int baseline, const SummaryReport& report,
                                                      const std::vector<Facts>& facts) const
{
    const SummaryRow* row = report.row(rule.metric);
    if (!row)
        return {};
    std::vector<Finding> findings;
    const SummaryCell& base = row->cells[std::size_t(baseline)];
    const auto baseValue = base.stats.byName(rule.stat);
    for (std::size_t r = 0; r < row->cells.size(); ++r) {
        if (int(r) == baseline || !hostHolds(rule, facts[r]))
            continue;
        const SummaryCell& cell = row->cells[r];
        const auto value = cell.stats.byName(rule.stat);
        if (!value || !baseValue || *baseValue == 0)
            continue;
        const double change = 100.0 * (*value - *baseValue) / std::fabs(*baseValue);
        if (!holds(rule.op, change, rule.threshold))
            continue;
        if (rule.requireSignificant && rule.stat == QLatin1String("mean") && !cell.isSignificantChange())
            continue;
        Substitutions s;
        s.value = UnitFormat::format(*value, row->unit);
        s.baseline = UnitFormat::format(*baseValue, row->unit);
        s.change = signedPercent(change);
        s.threshold = signedPercent(rule.threshold);
        s.run = runs[r].name;
        s.instance = row->instance;
        s.metric = row->title;
        s.fact = firstFact(rule, facts[r]);
        findings.push_back({rule.id, rule.severity, int(r), rule.metric, fill(rule.sentence, s)});
    }
    return findings;
}

std::vector<Finding> FindingRules::evaluate(const std::vector<SummaryRunInput>& runs, int baseline,
                                            const SummaryReport& report) const
{
    std::vector<Finding> findings;
    // Read once: the sysctl snapshot and the kernel configuration are parsed from the attachments.
    std::vector<Facts> facts;
    const bool anyHostRule = std::any_of(m_rules.begin(), m_rules.end(), [](const Rule& rule) { return !rule.host.empty(); });
    for (const SummaryRunInput& input : runs)
        facts.push_back(anyHostRule ? Comparability::factsOf(*input.run) : Facts());
    for (const Rule& rule : m_rules) {
        if (rule.scope == Scope::Run) {
            for (std::size_t r = 0; r < runs.size(); ++r) {
                for (Finding& finding : evaluateRun(rule, runs[r], int(r), facts[r]))
                    findings.push_back(std::move(finding));
            }
        } else {
            for (Finding& finding : evaluateComparison(rule, runs, baseline, report, facts))
                findings.push_back(std::move(finding));
        }
    }
    std::stable_sort(findings.begin(), findings.end(), [](const Finding& a, const Finding& b) {
        if (a.severity != b.severity)
            return int(a.severity) > int(b.severity);
        return a.run < b.run;
    });
    return findings;
}
