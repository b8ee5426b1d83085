#include "Comparability.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include "UntrustedJson.h"

#include <nlohmann/json.hpp>

#include <algorithm>

namespace {

const QString kRun = QStringLiteral("Run"); // what the user wrote down: --note and --tag
const QString kHost = QStringLiteral("Host");
const QString kEc2 = QStringLiteral("EC2");
const QString kSysctl = QStringLiteral("sysctl");
const QString kKernelConfig = QStringLiteral("Kernel config");

QString textOf(const nlohmann::json& value)
{
    if (value.is_string())
        return QString::fromStdString(value.get<std::string>());
    if (value.is_null())
        return {};
    return QString::fromStdString(value.dump());
}

// Nested objects become dotted keys (numa_node_cpus.0), as they read in a table.
void flatten(const nlohmann::json& object, const QString& prefix, std::map<QString, QString>& into)
{
    for (auto it = object.begin(); it != object.end(); ++it) {
        const QString key = prefix + QString::fromStdString(it.key());
        if (it->is_object())
            flatten(*it, key + QLatin1Char('.'), into);
        else
            into[key] = textOf(*it);
    }
}

std::map<QString, QString> kernelConfigOf(const std::string& text)
{
    std::map<QString, QString> config;
    static const QRegularExpression notSet(QStringLiteral("^# (CONFIG_[A-Za-z0-9_]+) is not set$"));
    const QStringList lines = QString::fromStdString(text).split(QLatin1Char('\n'));
    for (const QString& line : lines) {
        if (line.startsWith(QLatin1String("CONFIG_"))) {
            const qsizetype equals = line.indexOf(QLatin1Char('='));
            if (equals > 0)
                config[line.left(equals)] = line.mid(equals + 1);
        } else if (const QRegularExpressionMatch match = notSet.match(line); match.hasMatch()) {
            config[match.captured(1)] = QStringLiteral("n");
        }
    }
    return config;
}

} // namespace

bool Comparability::load(const QByteArray& json, QString* error)
{
    const nlohmann::json document = runlens::format::tryParseUntrustedJson(std::string_view(json.constData(), std::size_t(json.size())))
                                        .value_or(nlohmann::json());
    const auto fail = [error](const QString& why) {
        if (error)
            *error = QCoreApplication::translate("Comparability", "The comparability rules are not valid: %1.").arg(why);
        return false;
    };
    if (!document.is_object())
        return fail(QCoreApplication::translate("Comparability", "not a JSON object"));
    m_keyFacts.clear();
    m_configSections.clear();
    m_volatile.clear();
    const auto listOf = [&document](const char* key) {
        const auto it = document.find(key);
        return it != document.end() && it->is_array() ? *it : nlohmann::json::array();
    };
    for (const nlohmann::json& fact : listOf("key_facts")) {
        if (!fact.is_object() || !fact.contains("section") || !fact.contains("key") || !fact.contains("label"))
            return fail(QCoreApplication::translate("Comparability", "a key fact needs section, key and label"));
        m_keyFacts.push_back({textOf(fact["section"]), textOf(fact["key"]), textOf(fact["label"])});
    }
    for (const nlohmann::json& section : listOf("config_sections"))
        m_configSections.append(textOf(section));
    const nlohmann::json volatileFacts = document.value("volatile", nlohmann::json::object());
    if (!volatileFacts.is_object())
        return fail(QCoreApplication::translate("Comparability", "\"volatile\" must map sections to lists of keys"));
    for (auto it = volatileFacts.begin(); it != volatileFacts.end(); ++it) {
        QStringList patterns;
        if (!it->is_array())
            return fail(QCoreApplication::translate("Comparability", "\"volatile\" must map sections to lists of keys"));
        for (const nlohmann::json& pattern : *it)
            patterns.append(textOf(pattern));
        m_volatile[QString::fromStdString(it.key())] = patterns;
    }
    m_listedDifferences = int(std::min<std::uint64_t>(runlens::format::countField(document, "listed_differences", 5), 1000));
    return true;
}

Comparability::Facts Comparability::factsOf(const Run& run)
{
    Facts facts;
    const nlohmann::json& manifest = run.manifest();
    if (const QString note = run.note(); !note.isEmpty())
        facts[kRun][QStringLiteral("note")] = note;
    for (const auto& [key, value] : run.tags())
        facts[kRun][QStringLiteral("tag ") + key] = value;
    if (const auto host = manifest.find("host"); host != manifest.end() && host->is_object()) {
        nlohmann::json copy = *host;
        // Bookkeeping about how the facts were read, not facts about the host.
        for (const char* meta : {"unavailable", "sysctl", "kernel_config"})
            copy.erase(meta);
        flatten(copy, QString(), facts[kHost]);
    }
    if (const auto ec2 = manifest.find("ec2"); ec2 != manifest.end() && ec2->is_object()
        && runlens::format::flagField(*ec2, "available", false)) {
        flatten(*ec2, QString(), facts[kEc2]);
        facts[kEc2].erase(QStringLiteral("available"));
    }
    const auto& attachments = run.attachments();
    if (const auto sysctl = attachments.find("host/sysctl.json"); sysctl != attachments.end()) {
        // Depth and size bounded: a deep document would make flatten() build keys of every depth.
        const nlohmann::json values = runlens::format::tryParseUntrustedJson(sysctl->second).value_or(nlohmann::json());
        if (values.is_object())
            flatten(values, QString(), facts[kSysctl]);
    }
    if (const auto config = attachments.find("host/kernel-config.txt"); config != attachments.end())
        facts[kKernelConfig] = kernelConfigOf(config->second);
    return facts;
}

bool Comparability::isVolatile(const QString& section, const QString& key) const
{
    const auto patterns = m_volatile.find(section);
    if (patterns == m_volatile.end())
        return false;
    for (const QString& pattern : patterns->second) {
        if (QRegularExpression::fromWildcard(pattern, Qt::CaseSensitive).match(key).hasMatch())
            return true;
    }
    return false;
}

ComparabilityReport Comparability::compare(const std::vector<Facts>& runs, const QStringList& runNames) const
{
    ComparabilityReport report;
    // Every (section, key) any run has, sections in a fixed order so the table reads the same way.
    const QStringList sectionOrder{kRun, kHost, kEc2, kSysctl, kKernelConfig};
    std::map<QString, std::map<QString, bool>> keys;
    for (const Facts& facts : runs) {
        for (const auto& [section, values] : facts) {
            for (const auto& [key, value] : values)
                keys[section][key] = true;
        }
    }
    QStringList sections = sectionOrder;
    for (const auto& [section, unused] : keys) {
        if (!sections.contains(section))
            sections.append(section);
    }
    std::map<QString, QStringList> differingBySection;
    for (const QString& section : sections) {
        const auto sectionKeys = keys.find(section);
        if (sectionKeys == keys.end())
            continue;
        for (const auto& [key, unused] : sectionKeys->second) {
            HostFactRow row{section, key, {}, false};
            for (const Facts& facts : runs) {
                const auto s = facts.find(section);
                QString value;
                if (s != facts.end()) {
                    if (const auto v = s->second.find(key); v != s->second.end())
                        value = v->second;
                }
                row.values.append(value);
            }
            row.differs = !isVolatile(section, key) && row.values.count(row.values.first()) != row.values.size();
            if (row.differs)
                differingBySection[section].append(key);
            report.facts.push_back(std::move(row));
        }
    }

    const auto valuesOf = [&](const HostFactRow& row) {
        QStringList parts;
        for (int i = 0; i < row.values.size() && i < runNames.size(); ++i) {
            const QString value = row.values[i].isEmpty() ? QCoreApplication::translate("Comparability", "(none)")
                                                          : row.values[i];
            parts.append(QCoreApplication::translate("Comparability", "%1 in %2").arg(value, runNames[i]));
        }
        return parts.join(QStringLiteral(", "));
    };
    const auto findRow = [&](const QString& section, const QString& key) -> const HostFactRow* {
        for (const HostFactRow& row : report.facts) {
            if (row.section == section && row.key == key)
                return &row;
        }
        return nullptr;
    };
    for (const KeyFact& fact : m_keyFacts) {
        const HostFactRow* row = findRow(fact.section, fact.key);
        if (!row || !row->differs)
            continue;
        report.warnings.push_back(
            {fact.section, fact.key,
             QCoreApplication::translate("Comparability",
                                         "The runs differ in %1 (%2): differences in the results may come from the "
                                         "host, not from the change under test.")
                 .arg(QCoreApplication::translate("ComparabilityFacts", fact.label.toUtf8().constData()),
                      valuesOf(*row))});
    }
    for (const QString& section : m_configSections) {
        const QStringList differing = differingBySection[section];
        if (differing.isEmpty())
            continue;
        QStringList listed;
        for (const QString& key : differing.mid(0, m_listedDifferences)) {
            const HostFactRow* row = findRow(section, key);
            listed.append(QStringLiteral("%1 (%2)").arg(key, row->values.join(QStringLiteral(" / "))));
        }
        QString sentence = QCoreApplication::translate("Comparability", "%n %1 value(s) differ: %2", nullptr,
                                                       int(differing.size()))
                               .arg(section, listed.join(QStringLiteral(", ")));
        if (differing.size() > m_listedDifferences)
            sentence += QCoreApplication::translate("Comparability", " and %n more", nullptr,
                                                    int(differing.size() - m_listedDifferences));
        sentence += QCoreApplication::translate("Comparability", ". Check that the difference is the change under test.");
        report.warnings.push_back({section, QString(), sentence});
    }
    return report;
}
