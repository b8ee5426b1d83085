// One recorded run as the app holds it: immutable after loading, shared between views and
// background jobs by std::shared_ptr<const Run>. Two things are worked out once, after the
// columns, and may come later than the run itself: its profile's index and its steady state.
#pragma once

#include "ProfileIndex.h"
#include "RunArchive.h"

#include <QDateTime>
#include <QHash>
#include <QString>
#include <QStringList>

#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <vector>

// The values of one metric of one instance, with the timestamps of its group (seconds since the
// run's start). Both spans point into the Run and live as long as it does.
struct SteadyStateProposal;

struct SeriesView {
    std::span<const double> times;
    std::span<const double> values;

    bool isEmpty() const { return times.empty(); }
    std::size_t size() const { return times.size(); }
};

// When a run's profile is indexed (and its samples decoded, when the archive was read with
// ProfileDecoding::Later): at once (the command line, tests), or later by indexProfile(), which
// is how RunLoader lets a run's charts show while its samples are decoded and indexed.
enum class ProfileIndexing { AtOnce, Later };

class Run
{
public:
    // Takes over the archive read by runlens::format::readRunArchive. `runInFile` names the run
    // inside its file when the file holds several (an APerf report), else is empty.
    Run(QString filePath, runlens::format::RunArchive archive, QString runInFile = {},
        ProfileIndexing indexing = ProfileIndexing::AtOnce);
    ~Run();
    // Groups point into the archive's tables: a Run stays where it was built.
    Run(const Run&) = delete;
    Run& operator=(const Run&) = delete;

    const QString& filePath() const { return m_filePath; }
    const QString& runInFile() const { return m_runInFile; }
    QString name() const;
    QString hostName() const;
    // The tool a run was imported from ("APerf 1.2.0", "perf script"); empty for runlens-rec's.
    QString source() const;
    // What an import left out and why ("systeminfo_….bin: … damaged …"), and its other remarks.
    QStringList importNotes() const;
    QString note() const;
    // The manifest's run tags (`runlens-rec record --tag key=value`); empty when it has none.
    QString tag(const char* key) const;
    // Every tag, by key.
    std::map<QString, QString> tags() const;
    // The repeat group the run belongs to: its "group" tag, else its "variant" tag, else empty.
    QString repeatGroup() const;
    QDateTime startTime() const;
    double durationSeconds() const;
    double intervalSeconds() const;
    const nlohmann::json& manifest() const { return m_archive.manifest; }
    // Once-per-run files by path relative to the run directory: "host/sysctl.json", "host/kernel-config.txt".
    const std::map<std::string, std::string>& attachments() const { return m_archive.attachments; }

    const std::vector<runlens::format::MetricDescriptor>& metrics() const { return m_archive.metrics; }
    const runlens::format::MetricDescriptor* metric(const QString& id) const;
    // The instances recorded for a metric, aggregate ("all") and single-valued ("") first.
    QStringList instances(const QString& metricId) const;
    // The instance shown when none is named: the aggregate ("all"), else the single value (""),
    // else the first instance; empty when the run lacks the metric.
    QString defaultInstance(const QString& metricId) const;
    // The metric's own value, as the summary table uses it: "all", else "" (a single-valued
    // metric); nullopt when the run has only per-instance columns of it (or none).
    std::optional<QString> aggregateInstance(const QString& metricId) const;
    // True for the aggregate ("all") and for a single-valued metric's "": not one CPU, disk or NIC.
    static bool isAggregate(const QString& instance);
    bool hasMetric(const QString& metricId) const;
    // What an instance stands for beyond its name: the PIDs a process series sums ("2
    // processes: PIDs 12, 40") and, where the recorder kept it, the command line of the first
    // ("java -jar /opt/a.jar"); empty when there is nothing to add.
    QString instanceNote(const QString& metricId, const QString& instance) const;
    SeriesView series(const QString& metricId, const QString& instance) const;

    // Bytes held by the columns (what the memory budget of the app is measured against).
    std::size_t columnBytes() const;

    // True when the run has CPU stack samples (recorded, or imported from folded stacks or
    // `perf script`), whether or not they are decoded yet; false once they turned out unreadable.
    bool hasProfile() const
    {
        return m_hasProfile && !m_profileError.load(std::memory_order_acquire);
    }
    // The CPU stack samples, or null: when the run has none, and for a run made with
    // ProfileIndexing::Later whose archive left them encoded, until indexProfile() decoded them.
    const runlens::format::ProfileTables* profile() const { return m_profile.load(std::memory_order_acquire); }
    // Why the samples could not be decoded or indexed (a sentence naming the file), once
    // indexProfile() found out; empty otherwise.
    QString profileError() const
    {
        const QString* error = m_profileError.load(std::memory_order_acquire);
        return error ? *error : QString();
    }
    // The profile's index, what flame graphs are built from: null when the run has no profile,
    // and until indexProfile() has built it (for a run made with ProfileIndexing::Later).
    const ProfileIndex* profileIndex() const { return m_profileIndex.load(std::memory_order_acquire); }
    // Decodes the samples if the archive left them encoded, then builds the profile's index, once,
    // on the calling thread (a second caller waits for the first and then returns at once).
    // `progress` sees the decoding as the first 40 % of the work. True when the index is there
    // (or the run has no profile); false when `progress` cancelled (the run stays without an
    // index, and a later call starts again) or the samples are unreadable or too large for the
    // memory left (profileError()).
    bool indexProfile(const ProfileIndex::Progress& progress = {}) const;

    // Where the run's steady state lies (SteadyState::propose), worked out on the first call and
    // kept: RunLoader asks in its load job, so that the run list and the charts, which show it,
    // never compute it on the GUI thread.
    const SteadyStateProposal& steadyState() const;

private:
    // indexProfile's first step for samples left encoded; false when cancelled or unreadable.
    bool decodeEncodedProfile(const ProfileIndex::Progress& progress) const;
    QString tooLargeToOpen() const;
    // Once: the samples are unusable from then on (hasProfile() turns false).
    void setProfileError(const QString& error) const;
    void sortByMean(const QString& metricId, QStringList& instances) const;

    struct Group {
        const runlens::format::SeriesTable* table = nullptr;
        std::vector<double> seconds;
    };
    static QString columnKey(const QString& metricId, const QString& instance)
    {
        return metricId + QChar(0x1f) + instance;
    }

    QString m_filePath;
    QString m_runInFile;
    runlens::format::RunArchive m_archive;
    // Set once (indexProfile) while views may already read the run on other threads: each owner
    // is written under the mutex, then published through its atomic pointer.
    mutable std::mutex m_indexing;
    bool m_hasProfile = false;
    // The archive's encoded samples (ProfileDecoding::Later), dropped once decoded into m_decodedProfile.
    mutable std::optional<runlens::format::EncodedProfile> m_encodedProfile;
    mutable std::optional<runlens::format::ProfileTables> m_decodedProfile;
    mutable std::atomic<const runlens::format::ProfileTables*> m_profile{nullptr};
    mutable std::unique_ptr<const QString> m_profileErrorOwner;
    mutable std::atomic<const QString*> m_profileError{nullptr};
    mutable ProfileIndexPtr m_profileIndexOwner;
    mutable std::atomic<const ProfileIndex*> m_profileIndex{nullptr};
    mutable std::once_flag m_steadyStateOnce;
    mutable std::unique_ptr<SteadyStateProposal> m_steadyState;
    std::vector<Group> m_groups;
    // Built once: views ask for series and instances on every redraw and mouse move, and a
    // 192-CPU group has thousands of columns to search otherwise.
    QHash<QString, std::pair<int, int>> m_columns; // metric + instance -> (group, column)
    QHash<QString, QStringList> m_instances;       // metric -> instances, aggregate first
    QHash<QString, QStringList> m_processIds;      // metric + command -> the PIDs it sums
    QHash<QString, QString> m_processCommandLines; // metric + command -> its first process's command line
};

using RunPtr = std::shared_ptr<const Run>;
