#include "RunLoader.h"

#include "ArchiveReader.h"
#include "FormatError.h"
#include "ProfileImport.h"

#include <QtConcurrent/QtConcurrentRun>

namespace {

// Folded stacks and `perf script` output (plain or gzip) open as runs too: a run named after the
// file, with a profile and no series. Anything else goes to the archive reader and its messages.
runlens::format::RunArchive readRunOrProfile(const std::string& path, const runlens::format::ReadProgress& progress)
{
    const ProfileFileKind kind = detectProfileFileKind(path);
    if (kind == ProfileFileKind::PerfScript || kind == ProfileFileKind::Folded)
        return importProfileRun(path);
    return runlens::format::readRunArchive(path, {}, progress);
}

} // namespace

namespace {

// What one load ends with: the run, or why there is none.
struct LoadResult {
    QString path;
    RunPtr run;
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
    return std::make_shared<const Run>(path, readRunOrProfile(path.toStdString(), {}));
}

void RunLoader::load(const QStringList& paths)
{
    for (const QString& path : paths) {
        m_jobs.start(
            [path](JobControl& control) {
                LoadResult result{path, nullptr, {}, false};
                try {
                    const auto progress = [&control](std::uint64_t done, std::uint64_t total) {
                        control.setProgress(total > 0 ? double(done) / double(total) : 0.0);
                        return !control.isCancelled();
                    };
                    auto archive = readRunOrProfile(path.toStdString(), progress);
                    result.run = std::make_shared<const Run>(path, std::move(archive));
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
                if (result.run)
                    emit runLoaded(result.run);
                else if (result.cancelled)
                    emit loadCancelled(result.path);
                else
                    emit loadFailed(result.path, result.error);
            });
    }
}
