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

struct RunLoader::Job {
    QString path;
    std::atomic<bool> cancelled{false};
    std::atomic<double> fraction{0.0};
    QFutureWatcher<void> watcher;
    RunPtr run;
    QString error;
    bool wasCancelled = false;
    bool done = false; // finished, waiting for the jobs requested before it
};

RunLoader::RunLoader(QObject* parent)
    : QObject(parent)
{
    m_progressTimer.setInterval(100);
    connect(&m_progressTimer, &QTimer::timeout, this, &RunLoader::reportProgress);
}

RunLoader::~RunLoader()
{
    cancelAll();
    for (const auto& job : std::as_const(m_jobs))
        job->watcher.waitForFinished();
}

RunPtr RunLoader::loadNow(const QString& path)
{
    return std::make_shared<const Run>(path, readRunOrProfile(path.toStdString(), {}));
}

void RunLoader::load(const QStringList& paths)
{
    for (const QString& path : paths) {
        auto job = std::make_shared<Job>();
        job->path = path;
        Job* raw = job.get();
        m_jobs.insert(raw, job);
        m_order.push_back(raw);
        connect(&raw->watcher, &QFutureWatcher<void>::finished, this, [this, raw] { finishJob(raw); });
        // The worker only touches the job it owns a share of; the GUI thread reads the results
        // after `finished`, which the watcher delivers in this object's thread.
        raw->watcher.setFuture(QtConcurrent::run([job] {
            try {
                const auto progress = [&job](std::uint64_t done, std::uint64_t total) {
                    job->fraction = total > 0 ? double(done) / double(total) : 0.0;
                    return !job->cancelled.load();
                };
                auto archive = readRunOrProfile(job->path.toStdString(), progress);
                job->run = std::make_shared<const Run>(job->path, std::move(archive));
            } catch (const runlens::format::ReadCancelled&) {
                job->wasCancelled = true;
            } catch (const runlens::format::FormatError& error) {
                job->error = QString::fromStdString(error.what());
            } catch (const std::bad_alloc&) {
                job->error = tr("%1 is too large to open: not enough memory.").arg(job->path);
            }
        }));
    }
    m_progressTimer.start();
    reportProgress();
}

void RunLoader::cancelAll()
{
    for (const auto& job : std::as_const(m_jobs))
        job->cancelled = true;
}

void RunLoader::finishJob(Job* raw)
{
    if (!m_jobs.contains(raw))
        return;
    raw->done = true;
    raw->fraction = 1.0;
    // Deliver in the order the files were asked for, not the order they finished: the first run
    // the user named becomes the baseline and the colours follow the list, whatever the sizes.
    while (!m_order.empty() && m_order.front()->done) {
        const std::shared_ptr<Job> job = m_jobs.take(m_order.front());
        m_order.pop_front();
        if (job->run)
            emit runLoaded(job->run);
        else if (job->wasCancelled)
            emit loadCancelled(job->path);
        else
            emit loadFailed(job->path, job->error);
    }
    reportProgress();
    if (m_jobs.isEmpty()) {
        m_progressTimer.stop();
        emit idle();
    }
}

void RunLoader::reportProgress()
{
    if (m_jobs.isEmpty()) {
        emit progressChanged(1.0);
        return;
    }
    double sum = 0;
    for (const auto& job : std::as_const(m_jobs))
        sum += job->fraction.load();
    emit progressChanged(sum / double(m_jobs.size()));
}
