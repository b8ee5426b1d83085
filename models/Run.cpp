#include "Run.h"

#include "ArchiveReader.h"
#include "FormatError.h"
#include "ProcessesByCommand.h"
#include "summary/SteadyState.h"
#include "UntrustedJson.h"

#include <QCoreApplication>
#include <QTimeZone>

#include <algorithm>
#include <cmath>
#include <new>

namespace {

void sortInstances(QStringList& instances)
{
    // The aggregate first, then natural order (cpu2 before cpu10).
    std::stable_sort(instances.begin(), instances.end(), [](const QString& a, const QString& b) {
        const bool aFirst = Run::isAggregate(a);
        const bool bFirst = Run::isAggregate(b);
        if (aFirst != bFirst)
            return aFirst;
        qsizetype i = 0;
        while (i < a.size() && i < b.size() && a[i] == b[i] && !a[i].isDigit())
            ++i;
        bool aNumber = false;
        bool bNumber = false;
        const qlonglong aValue = a.mid(i).toLongLong(&aNumber);
        const qlonglong bValue = b.mid(i).toLongLong(&bNumber);
        if (aNumber && bNumber)
            return aValue < bValue;
        return a < b;
    });
}

// The manifest's "run" object, or null: a manifest from another tool may hold anything there.
const nlohmann::json& runSection(const nlohmann::json& manifest)
{
    static const nlohmann::json none;
    if (!manifest.is_object())
        return none;
    const auto run = manifest.find("run");
    return run != manifest.end() && run->is_object() ? *run : none;
}

} // namespace

Run::Run(QString filePath, runlens::format::RunArchive archive, QString runInFile, ProfileIndexing indexing)
    : m_filePath(std::move(filePath))
    , m_runInFile(std::move(runInFile))
    , m_archive(std::move(archive))
    , m_hasProfile(m_archive.profile || m_archive.encodedProfile)
    , m_encodedProfile(std::exchange(m_archive.encodedProfile, std::nullopt))
{
    if (m_archive.profile)
        m_profile.store(&*m_archive.profile, std::memory_order_release);
    if (indexing == ProfileIndexing::AtOnce && !indexProfile())
        throw runlens::format::FormatError(profileError().toStdString());
    const ProcessesByCommand::Grouped processes = ProcessesByCommand::group(m_archive);
    for (const auto& [key, pids] : processes.pids) {
        QStringList list;
        for (const std::string& pid : pids)
            list.append(QString::fromStdString(pid));
        m_processIds.insert(columnKey(QString::fromStdString(key.first), QString::fromStdString(key.second)), list);
    }
    for (const auto& [key, line] : processes.commandLines)
        m_processCommandLines.insert(columnKey(QString::fromStdString(key.first), QString::fromStdString(key.second)),
                                     QString::fromStdString(line));
    // Timestamps are converted to seconds once, per group, and shared by every column of it.
    m_groups.reserve(m_archive.series.size());
    for (const auto& table : m_archive.series) {
        Group group;
        group.table = &table;
        group.seconds.reserve(table.timestampsNs.size());
        for (const std::int64_t ns : table.timestampsNs)
            group.seconds.push_back(double(ns) / 1e9);
        const int groupIndex = int(m_groups.size());
        for (std::size_t c = 0; c < table.keys.size(); ++c) {
            const QString metric = QString::fromStdString(table.keys[c].metric);
            const QString instance = QString::fromStdString(table.keys[c].instance);
            m_columns.insert(columnKey(metric, instance), {groupIndex, int(c)});
            m_instances[metric].append(instance);
        }
        m_groups.push_back(std::move(group));
    }
    for (auto it = m_instances.begin(); it != m_instances.end(); ++it) {
        sortInstances(it.value());
        if (const auto* descriptor = metric(it.key()); descriptor && descriptor->dimension == "process")
            sortByMean(it.key(), it.value());
    }
}

Run::~Run() = default;

bool Run::indexProfile(const ProfileIndex::Progress& progress) const
{
    if (!m_hasProfile || profileIndex())
        return true;
    const std::lock_guard lock(m_indexing);
    if (m_profileError.load(std::memory_order_relaxed))
        return false;
    // When the samples are still encoded, decoding them is the first 40 % of the work.
    const double indexingStart = m_encodedProfile ? 0.4 : 0.0;
    if (m_encodedProfile && !decodeEncodedProfile([&progress, indexingStart](double fraction) {
            return !progress || progress(indexingStart * fraction);
        }))
        return false;
    if (!m_profileIndexOwner) {
        try {
            m_profileIndexOwner = ProfileIndex::build(*profile(), [&progress, indexingStart](double fraction) {
                return !progress || progress(indexingStart + (1.0 - indexingStart) * fraction);
            });
        } catch (const std::bad_alloc&) {
            // The decoded samples stay (views may be reading them); what the index had taken is
            // given back as the exception unwinds.
            setProfileError(tooLargeToOpen());
            return false;
        }
        if (!m_profileIndexOwner)
            return false;
        m_profileIndex.store(m_profileIndexOwner.get(), std::memory_order_release);
    }
    return true;
}

bool Run::decodeEncodedProfile(const ProfileIndex::Progress& progress) const
{
    QString error;
    try {
        m_decodedProfile = runlens::format::decodeProfile(*m_encodedProfile, {}, progress);
        m_encodedProfile.reset(); // 165 MB no longer needed, on an hour of a 192-CPU host
        m_profile.store(&*m_decodedProfile, std::memory_order_release);
        return true;
    } catch (const runlens::format::ReadCancelled&) {
        return false;
    } catch (const runlens::format::FormatError& failure) {
        // The words of the reader when it decodes at once (ArchiveReader.cpp).
        error = QCoreApplication::translate("Run", "%1 is not a usable run archive: %2")
                    .arg(m_filePath, QString::fromStdString(failure.what()));
    } catch (const nlohmann::json::exception& failure) {
        error = QCoreApplication::translate("Run", "%1 is not a usable run archive: a JSON entry of its profile holds a "
                                                   "value of another type than expected (%2)")
                    .arg(m_filePath, QString::fromUtf8(failure.what()));
    } catch (const std::bad_alloc&) {
        error = tooLargeToOpen();
    }
    m_encodedProfile.reset();
    setProfileError(error);
    return false;
}

QString Run::tooLargeToOpen() const
{
    return QCoreApplication::translate("Run", "The CPU stack samples of %1 are too large to open: not enough memory.")
        .arg(m_filePath);
}

void Run::setProfileError(const QString& error) const
{
    m_profileErrorOwner = std::make_unique<const QString>(error);
    m_profileError.store(m_profileErrorOwner.get(), std::memory_order_release);
}

const SteadyStateProposal& Run::steadyState() const
{
    std::call_once(m_steadyStateOnce, [this] { m_steadyState = std::make_unique<SteadyStateProposal>(SteadyState::propose(*this)); });
    return *m_steadyState;
}

void Run::sortByMean(const QString& metricId, QStringList& instances) const
{
    // Processes are looked for by how busy they are, not by name: the busiest first.
    QHash<QString, double> means;
    for (const QString& instance : instances) {
        const SeriesView series = this->series(metricId, instance);
        double sum = 0;
        std::size_t count = 0;
        for (std::size_t i = 0; i < series.size(); ++i) {
            if (!std::isnan(series.values[i])) {
                sum += series.values[i];
                ++count;
            }
        }
        means.insert(instance, count > 0 ? sum / double(count) : -1.0);
    }
    std::stable_sort(instances.begin(), instances.end(), [&means](const QString& a, const QString& b) {
        if (isAggregate(a) != isAggregate(b))
            return isAggregate(a);
        return means.value(a) > means.value(b);
    });
}

QString Run::instanceNote(const QString& metricId, const QString& instance) const
{
    const QString key = columnKey(metricId, instance);
    const QStringList pids = m_processIds.value(key);
    if (pids.isEmpty())
        return {};
    const QString line = m_processCommandLines.value(key);
    if (pids.size() == 1) {
        const QString pid = QCoreApplication::translate("Run", "PID %1").arg(pids.first());
        return line.isEmpty() ? pid : pid + QLatin1Char('\n') + line;
    }
    const QString several
        = QCoreApplication::translate("Run", "%1 processes: PIDs %2").arg(pids.size()).arg(pids.join(QStringLiteral(", ")));
    return line.isEmpty() ? several
                          : several + QLatin1Char('\n') + QCoreApplication::translate("Run", "The first: %1").arg(line);
}

QString Run::name() const
{
    const std::string name = runlens::format::textField(runSection(m_archive.manifest), "name");
    return QString::fromStdString(name.empty() ? m_archive.runName : name);
}

QString Run::hostName() const
{
    const auto host = m_archive.manifest.find("host");
    if (host == m_archive.manifest.end() || !host->is_object())
        return {};
    return QString::fromStdString(runlens::format::textField(*host, "hostname"));
}

QString Run::source() const
{
    const auto source = m_archive.manifest.find("imported_from");
    return source != m_archive.manifest.end() && source->is_string() ? QString::fromStdString(source->get<std::string>()) : QString();
}

QStringList Run::importNotes() const
{
    QStringList notes;
    const auto import = m_archive.manifest.find("import");
    if (import == m_archive.manifest.end() || !import->is_object())
        return notes;
    if (const auto skipped = import->find("skipped"); skipped != import->end() && skipped->is_array()) {
        for (const auto& item : *skipped) {
            if (item.is_object())
                notes.append(QString::fromStdString(runlens::format::textField(item, "reason", runlens::format::textField(item, "file"))));
        }
    }
    if (const auto remarks = import->find("notes"); remarks != import->end() && remarks->is_array()) {
        for (const auto& remark : *remarks) {
            if (remark.is_string())
                notes.append(QString::fromStdString(remark.get<std::string>()));
        }
    }
    return notes;
}

QString Run::note() const
{
    return QString::fromStdString(runlens::format::textField(runSection(m_archive.manifest), "note"));
}

std::map<QString, QString> Run::tags() const
{
    std::map<QString, QString> result;
    const nlohmann::json& runInfo = runSection(m_archive.manifest);
    const auto tags = runInfo.find("tags");
    if (tags == runInfo.end() || !tags->is_object())
        return result;
    for (const auto& [key, value] : tags->items()) {
        if (value.is_string())
            result[QString::fromStdString(key)] = QString::fromStdString(value.get<std::string>());
    }
    return result;
}

QString Run::tag(const char* key) const
{
    const auto runInfo = m_archive.manifest.find("run");
    if (runInfo == m_archive.manifest.end() || !runInfo->is_object())
        return {};
    const auto tags = runInfo->find("tags");
    if (tags == runInfo->end() || !tags->is_object())
        return {};
    const auto tag = tags->find(key);
    return tag != tags->end() && tag->is_string() ? QString::fromStdString(tag->get<std::string>()) : QString();
}

QString Run::repeatGroup() const
{
    const QString group = tag("group");
    return group.isEmpty() ? tag("variant") : group;
}

QDateTime Run::startTime() const
{
    const auto start = m_archive.manifest.find("start");
    if (start == m_archive.manifest.end() || !start->is_object() || !start->contains("unix_ns"))
        return {};
    // Nanoseconds since 1970 as a whole number; a float or one beyond 2^63 is not a time.
    const auto& ns = (*start)["unix_ns"];
    if (!ns.is_number_integer())
        return {};
    return QDateTime::fromMSecsSinceEpoch(ns.get<qint64>() / 1'000'000, QTimeZone::utc());
}

double Run::durationSeconds() const
{
    double last = 0;
    for (const Group& group : m_groups) {
        if (!group.seconds.empty())
            last = std::max(last, group.seconds.back());
    }
    return last;
}

double Run::intervalSeconds() const
{
    const double seconds = runlens::format::numberField(m_archive.manifest, "interval_ns", 1e9) / 1e9;
    return seconds > 0 ? seconds : 1.0;
}

const runlens::format::MetricDescriptor* Run::metric(const QString& id) const
{
    return m_archive.metric(id.toStdString());
}

QStringList Run::instances(const QString& metricId) const
{
    return m_instances.value(metricId);
}

bool Run::hasMetric(const QString& metricId) const
{
    return !instances(metricId).isEmpty();
}

SeriesView Run::series(const QString& metricId, const QString& instance) const
{
    const auto it = m_columns.constFind(columnKey(metricId, instance));
    if (it == m_columns.cend())
        return {};
    const Group& group = m_groups[std::size_t(it->first)];
    return {group.seconds, group.table->columns[std::size_t(it->second)]};
}

std::size_t Run::columnBytes() const
{
    std::size_t bytes = 0;
    for (const Group& group : m_groups) {
        bytes += group.seconds.size() * sizeof(double);
        for (const auto& column : group.table->columns)
            bytes += column.size() * sizeof(double);
    }
    return bytes;
}

QString Run::defaultInstance(const QString& metricId) const
{
    const QStringList all = instances(metricId);
    return all.isEmpty() ? QString() : all.first(); // the aggregate and the single value sort first
}

std::optional<QString> Run::aggregateInstance(const QString& metricId) const
{
    const QStringList all = instances(metricId);
    const QString aggregate = QString::fromLatin1(runlens::format::kAggregateInstance);
    if (all.contains(aggregate))
        return aggregate;
    if (all.contains(QString()))
        return QString();
    return std::nullopt;
}

bool Run::isAggregate(const QString& instance)
{
    return instance.isEmpty() || instance == QLatin1String(runlens::format::kAggregateInstance);
}
