#include "FigureTexts.h"

#include "RunSet.h"
#include "TimeAxisTicks.h"
#include "UnitFormat.h"
#include "summary/Comparability.h"

#include <QCoreApplication>

namespace {

struct Text {
    Q_DECLARE_TR_FUNCTIONS(FigureTexts)
};

QString fact(const Comparability::Facts& facts, const QString& section, const QString& key)
{
    const auto found = facts.find(section);
    if (found == facts.end())
        return {};
    const auto value = found->second.find(key);
    return value == found->second.end() ? QString() : value->second;
}

} // namespace

namespace FigureTexts {

QString runsTitle(const RunSet& runs)
{
    QStringList others;
    QString baseline;
    for (int r = 0; r < runs.count(); ++r) {
        if (!runs.at(r).visible)
            continue;
        if (r == runs.baselineIndex())
            baseline = runs.at(r).displayName;
        else
            others.append(runs.at(r).displayName);
    }
    if (baseline.isEmpty())
        return others.join(QStringLiteral(", "));
    if (others.isEmpty())
        return baseline;
    return Text::tr("%1 vs %2").arg(baseline, others.join(QStringLiteral(", ")));
}

QString windowSubtitle(std::pair<double, double> range, bool wholeRun)
{
    // Labels with the precision a quarter of the window needs: "0:30" for minutes, "2.5 s" for a
    // window of a few seconds, "12 s" for a longer one.
    const double step = (range.second - range.first) / 4;
    const QString from = timeTickLabel(range.first, step);
    const QString to = timeTickLabel(range.second, step);
    return wholeRun ? Text::tr("Whole run (%1 – %2)").arg(from, to) : Text::tr("Window %1 – %2").arg(from, to);
}

QString trimSubtitle()
{
    return Text::tr("Each run's trim window");
}

QString hostFootnote(const RunSet& runs)
{
    QStringList lines;
    for (int r = 0; r < runs.count(); ++r) {
        const RunEntry& entry = runs.at(r);
        if (!entry.visible)
            continue;
        const Comparability::Facts facts = Comparability::factsOf(*entry.run);
        QStringList parts;
        const QString host = QStringLiteral("Host");
        if (const QString type = fact(facts, QStringLiteral("EC2"), QStringLiteral("instance_type")); !type.isEmpty())
            parts.append(type);
        if (const QString model = fact(facts, host, QStringLiteral("cpu_model")); !model.isEmpty())
            parts.append(model);
        if (const QString cpus = fact(facts, host, QStringLiteral("cpus_online")); !cpus.isEmpty())
            parts.append(Text::tr("%1 CPUs").arg(cpus));
        bool ok = false;
        if (const double memory = fact(facts, host, QStringLiteral("memory_total_bytes")).toDouble(&ok); ok)
            parts.append(UnitFormat::format(memory, QStringLiteral("bytes"), 2));
        if (const QString kernel = fact(facts, host, QStringLiteral("kernel_release")); !kernel.isEmpty())
            parts.append(Text::tr("Linux %1").arg(kernel));
        if (!parts.isEmpty())
            lines.append(QStringLiteral("%1: %2").arg(entry.displayName, parts.join(QStringLiteral(" · "))));
    }
    return lines.join(QLatin1Char('\n'));
}

} // namespace FigureTexts
