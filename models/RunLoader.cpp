#include "RunLoader.h"

#include "AperfImport.h"
#include "ArchiveReader.h"
#include "FormatError.h"
#include "ProfileImport.h"

#include <QtConcurrent/QtConcurrentRun>

namespace {

// The runs of a file, told by its content: folded stacks and `perf script` output (plain or gzip)
// open as a run named after the file, with a profile and no series; an APerf record archive as a
// run, an APerf report as one run per record archive it holds. Anything else goes to the archive
// reader and its messages, which leaves the profile's samples encoded when `decoding` says Later.
std::vector<runlens::format::RunArchive> readRuns(const std::string& path, const runlens::format::ReadProgress& progress,
                                                  runlens::format::ProfileDecoding decoding)
{
    const ProfileFileKind kind = detectProfileFileKind(path);
    std::vector<runlens::format::RunArchive> runs;
    if (kind == ProfileFileKind::PerfScript || kind == ProfileFileKind::Folded)
        runs.push_back(importProfileRun(path));
    else if (aperf::isAperfFile(path))
        runs = aperf::importAperfRuns(path);
    else
        runs.push_back(runlens::format::readRunArchive(path, {}, progress, decoding));
    return runs;
}

// The runs of one file; when it holds several, each is told apart by its name in the file.
std::vector<RunPtr> makeRuns(const QString& path, std::vector<runlens::format::RunArchive> archives,
                             ProfileIndexing indexing)
{
    const bool several = archives.size() > 1;
    std::vector<RunPtr> runs;
    for (auto& archive : archives) {
        const QString runInFile = several ? QString::fromStdString(archive.runName) : QString();
        runs.push_back(std::make_shared<const Run>(path, std::move(archive), runInFile, indexing));
    }
    return runs;
}

} // namespace

namespace {

// What one load ends with: the runs (an APerf report holds several), or why there are none.
struct LoadResult {
    QString path;
    std::vector<RunPtr> runs;
    QString error;
    bool cancelled = false;
};

} // namespace

RunLoader::RunLoader(QObject* parent)
    : QObject(parent)
{
    connect(&m_jobs, &BackgroundJobs::progressChanged, this, &RunLoader::progressChanged);
    connect(&m_jobs, &BackgroundJobs::busyChanged, this, [this](bool busy) {
        if (!busy)
            emit idle();
    });
}

RunPtr RunLoader::loadNow(const QString& path)
{
    return loadAllNow(path).front();
}

std::vector<RunPtr> RunLoader::loadAllNow(const QString& path)
{
    std::vector<RunPtr> runs = makeRuns(path, readRuns(path.toStdString(), {}, runlens::format::ProfileDecoding::AtOnce),
                                         ProfileIndexing::AtOnce);
    if (runs.empty())
        throw runlens::format::FormatError(path.toStdString() + " holds no run.");
    return runs;
}

void RunLoader::load(const QStringList& paths)
{
    for (const QString& path : paths) {
        m_jobs.start(
            [path](JobControl& control) {
                LoadResult result{path, {}, {}, false};
                try {
                    const auto progress = [&control](std::uint64_t done, std::uint64_t total) {
                        control.setProgress(total > 0 ? double(done) / double(total) : 0.0);
                        return !control.isCancelled();
                    };
                    // The samples of a run archive are decoded with the index, after the run is
                    // delivered: on an hour of a 192-CPU host that is most of the load, and the
                    // charts need none of it.
                    result.runs = makeRuns(path, readRuns(path.toStdString(), progress, runlens::format::ProfileDecoding::Later),
                                           ProfileIndexing::Later);
                    // Found here, off the GUI thread, for the run list and the charts that show it
                    // (the command line asks only with --window steady).
                    for (const RunPtr& run : result.runs)
                        run->steadyState();
                    if (result.runs.empty())
                        result.error = tr("%1 holds no run.").arg(path);
                } catch (const runlens::format::ReadCancelled&) {
                    result.cancelled = true;
                } catch (const runlens::format::FormatError& error) {
                    result.error = QString::fromStdString(error.what());
                } catch (const std::bad_alloc&) {
                    result.error = tr("%1 is too large to open: not enough memory.").arg(path);
                }
                return result;
            },
            // Delivered in the order the files were asked for, not the order they finished: the
            // first run the user named becomes the baseline and the colours follow the list.
            [this](const LoadResult& result) {
                if (!result.runs.empty()) {
                    for (const RunPtr& run : result.runs) {
                        emit runLoaded(run);
                        indexProfile(run);
                    }
                } else if (result.cancelled)
                    emit loadCancelled(result.path);
                else
                    emit loadFailed(result.path, result.error);
            });
    }
}

void RunLoader::indexProfile(const RunPtr& run)
{
    if (!run->hasProfile() || run->profileIndex())
        return;
    // Cancelled, the run stays without an index (and maybe with its samples encoded); whoever
    // needs it then builds it (FlameGraphRequest).
    m_jobs.start(
        [run](JobControl& control) {
            return run->indexProfile([&control](double fraction) {
                control.setProgress(fraction);
                return !control.isCancelled();
            });
        },
        [this, run](bool indexed) {
            if (indexed)
                emit profileIndexed(run);
            else if (!run->profileError().isEmpty())
                emit profileFailed(run, run->profileError());
        });
}
