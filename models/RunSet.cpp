#include "RunSet.h"

#include <algorithm>
#include <limits>

RunSet::RunSet(QObject* parent)
    : QObject(parent)
{
}

const std::vector<RunColour>& RunSet::palette()
{
    // Okabe & Ito (2008), "Color Universal Design": distinguishable with every common colour-vision
    // deficiency. Black is left out: it reads as "no run" next to the axes.
    static const std::vector<RunColour> colours{
        0x0072B2, // blue
        0xE69F00, // orange
        0x009E73, // bluish green
        0xCC79A7, // reddish purple
        0x56B4E9, // sky blue
        0xD55E00, // vermillion
        0xF0E442, // yellow
    };
    return colours;
}

RunColour RunSet::nextColour() const
{
    // The first palette colour no open run uses; with more runs than colours, cycle.
    for (const RunColour colour : palette()) {
        const bool used = std::any_of(m_entries.begin(), m_entries.end(), [&](const RunEntry& e) { return e.colour == colour; });
        if (!used)
            return colour;
    }
    return palette()[m_entries.size() % palette().size()];
}

int RunSet::indexOf(const QString& filePath) const
{
    for (std::size_t i = 0; i < m_entries.size(); ++i) {
        if (m_entries[i].run->filePath() == filePath)
            return int(i);
    }
    return -1;
}

int RunSet::indexOf(const QString& filePath, const QString& runInFile) const
{
    for (std::size_t i = 0; i < m_entries.size(); ++i) {
        if (m_entries[i].run->filePath() == filePath && m_entries[i].run->runInFile() == runInFile)
            return int(i);
    }
    return -1;
}

int RunSet::add(RunPtr run)
{
    if (const int existing = indexOf(run->filePath(), run->runInFile()); existing >= 0)
        return existing;
    RunEntry entry;
    entry.displayName = run->name();
    entry.colour = nextColour();
    entry.run = std::move(run);
    const int index = count();
    emit runAboutToBeAdded(index);
    m_entries.push_back(std::move(entry));
    applyAlignment();
    emit runAdded(index);
    if (index == 0)
        emit baselineChanged(0);
    return index;
}

void RunSet::remove(int index)
{
    if (index < 0 || index >= count())
        return;
    emit runAboutToBeRemoved(index);
    m_entries.erase(m_entries.begin() + index);
    if (m_current == index)
        m_current = -1;
    else if (m_current > index)
        --m_current;
    const int oldBaseline = m_baseline;
    if (index < m_baseline || m_baseline >= count())
        m_baseline = std::max(0, m_baseline - 1);
    emit runRemoved(index);
    if (index == oldBaseline || m_baseline != oldBaseline)
        emit baselineChanged(baselineIndex());
}

void RunSet::clear()
{
    emit aboutToReset();
    m_entries.clear();
    m_current = -1;
    m_baseline = 0;
    emit runsReset();
}

void RunSet::move(int from, int to)
{
    if (from == to || from < 0 || to < 0 || from >= count() || to >= count())
        return;
    emit orderAboutToChange();
    const RunPtr baseline = m_entries[std::size_t(m_baseline)].run;
    RunEntry entry = std::move(m_entries[std::size_t(from)]);
    m_entries.erase(m_entries.begin() + from);
    m_entries.insert(m_entries.begin() + to, std::move(entry));
    m_baseline = indexOf(baseline->filePath(), baseline->runInFile());
    m_current = -1; // the list's selection is rebuilt after a reorder
    emit orderChanged();
}

void RunSet::setCurrentIndex(int index)
{
    if (index < -1 || index >= count() || index == m_current)
        return;
    m_current = index;
    emit currentChanged(index);
}

void RunSet::setBaseline(int index)
{
    if (index < 0 || index >= count() || index == m_baseline)
        return;
    m_baseline = index;
    emit baselineChanged(index);
}

void RunSet::setVisible(int index, bool visible)
{
    if (index < 0 || index >= count() || m_entries[std::size_t(index)].visible == visible)
        return;
    m_entries[std::size_t(index)].visible = visible;
    emit runChanged(index);
}

void RunSet::setDisplayName(int index, const QString& name)
{
    if (index < 0 || index >= count() || name.trimmed().isEmpty())
        return;
    m_entries[std::size_t(index)].displayName = name.trimmed();
    emit runChanged(index);
}

void RunSet::setColour(int index, RunColour colour)
{
    if (index < 0 || index >= count())
        return;
    m_entries[std::size_t(index)].colour = colour;
    emit runChanged(index);
}

void RunSet::setOffset(int index, double seconds)
{
    if (index < 0 || index >= count() || m_entries[std::size_t(index)].offsetSeconds == seconds)
        return;
    m_entries[std::size_t(index)].offsetSeconds = seconds;
    emit runChanged(index);
}

void RunSet::setTrim(int index, std::optional<std::pair<double, double>> trim)
{
    if (index < 0 || index >= count())
        return;
    if (trim && trim->first > trim->second)
        std::swap(trim->first, trim->second);
    m_entries[std::size_t(index)].trim = trim;
    emit runChanged(index);
}

void RunSet::setAlignment(Alignment alignment)
{
    if (m_alignment == alignment)
        return;
    m_alignment = alignment;
    applyAlignment();
    for (int i = 0; i < count(); ++i)
        emit runChanged(i);
}

void RunSet::applyAlignment()
{
    if (m_alignment == Alignment::Start) {
        for (RunEntry& entry : m_entries)
            entry.offsetSeconds = 0;
        return;
    }
    // Wall clock: the earliest start is 0 and every other run sits at its real distance from it.
    qint64 earliest = std::numeric_limits<qint64>::max();
    for (const RunEntry& entry : m_entries) {
        if (entry.run->startTime().isValid())
            earliest = std::min(earliest, entry.run->startTime().toMSecsSinceEpoch());
    }
    for (RunEntry& entry : m_entries) {
        const QDateTime start = entry.run->startTime();
        entry.offsetSeconds = start.isValid() ? double(start.toMSecsSinceEpoch() - earliest) / 1000.0 : 0.0;
    }
}

int RunSet::alignBySteadyState()
{
    std::vector<std::optional<double>> starts;
    double latest = 0;
    int aligned = 0;
    for (int i = 0; i < count(); ++i) {
        const auto& window = steadyState(i).window;
        starts.push_back(window ? std::optional(window->first) : std::nullopt);
        if (window) {
            latest = std::max(latest, window->first);
            ++aligned;
        }
    }
    for (int i = 0; i < count(); ++i) {
        if (starts[std::size_t(i)])
            setOffset(i, latest - *starts[std::size_t(i)]);
    }
    return aligned;
}

std::pair<double, double> RunSet::timeExtent() const
{
    double first = 0;
    double last = 0;
    bool any = false;
    for (const RunEntry& entry : m_entries) {
        if (!entry.visible)
            continue;
        const double start = entry.offsetSeconds;
        const double end = entry.offsetSeconds + entry.run->durationSeconds();
        first = any ? std::min(first, start) : start;
        last = any ? std::max(last, end) : end;
        any = true;
    }
    return {first, last};
}

QString RunSet::chartTitle(const QString& metricId, const QString& instance) const
{
    QString name = metricId;
    QString unit;
    for (const RunEntry& entry : m_entries) {
        if (const auto* descriptor = entry.run->metric(metricId)) {
            if (!descriptor->title.empty())
                name = QString::fromStdString(descriptor->title);
            if (descriptor->scope == runlens::format::MetricScope::Run)
                name = tr("%1 (result)").arg(name); // one value per run, drawn across the run
            unit = QString::fromStdString(descriptor->unit);
            break;
        }
    }
    if (!Run::isAggregate(instance))
        name += QStringLiteral(" — ") + instance;
    return unit.isEmpty() ? name : QStringLiteral("%1 (%2)").arg(name, unit);
}

const SteadyStateProposal& RunSet::steadyState(int index) const
{
    return at(index).run->steadyState();
}
