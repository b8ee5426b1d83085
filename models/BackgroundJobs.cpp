#include "BackgroundJobs.h"

#include <QtGlobal>

#include <QMetaMethod>

#include <algorithm>
#include <utility>

BackgroundJobs::BackgroundJobs(Policy policy, QObject* parent)
    : QObject(parent)
    , m_policy(policy)
{
    // Progress is polled rather than signalled by the workers: a reader reports every block, far
    // more often than a progress bar can show.
    m_progressTimer.setInterval(100);
    connect(&m_progressTimer, &QTimer::timeout, this, [this] { emit progressChanged(progress()); });
}

BackgroundJobs::~BackgroundJobs()
{
    for (const auto& job : m_jobs)
        job->control->cancel();
    for (const auto& job : m_jobs)
        job->watcher.waitForFinished();
}

void BackgroundJobs::enqueue(std::shared_ptr<Job> job)
{
    const bool wasBusy = isBusy();
    if (m_policy == Policy::LatestWins) {
        for (const auto& older : m_jobs) {
            older->control->cancel();
            older->dropped = true;
        }
    }
    if (m_policy == Policy::LatestWins && !m_jobs.empty())
        m_pending = std::move(job); // replaces an older pending job, which never runs
    else
        launch(std::move(job));
    if (!wasBusy) {
        // Only owners that show progress are woken up to poll it.
        if (isSignalConnected(QMetaMethod::fromSignal(&BackgroundJobs::progressChanged)))
            m_progressTimer.start();
        emit busyChanged(true);
    }
}

void BackgroundJobs::launch(std::shared_ptr<Job> job)
{
    Job* raw = job.get();
    m_jobs.push_back(std::move(job));
    // The watcher reports `finished` on this object's thread, after the worker has let go of it.
    connect(&raw->watcher, &QFutureWatcher<void>::finished, this, [this, raw] { finish(raw); });
    raw->watcher.setFuture(raw->run());
    emit progressChanged(progress());
}

void BackgroundJobs::finish(Job* raw)
{
    const auto found = std::find_if(m_jobs.begin(), m_jobs.end(), [raw](const auto& job) { return job.get() == raw; });
    if (found == m_jobs.end())
        return; // dropped by cancelAndWait
    raw->done = true;
    // Taken off the list before delivering: a delivery may start the next job.
    std::vector<std::shared_ptr<Job>> ready;
    if (m_policy == Policy::LatestWins) {
        ready.push_back(*found);
        m_jobs.erase(found);
    } else {
        while (!m_jobs.empty() && m_jobs.front()->done) {
            ready.push_back(m_jobs.front());
            m_jobs.pop_front();
        }
    }
    for (const auto& job : ready) {
        if (!job->dropped)
            job->deliver();
    }
    if (m_pending && m_jobs.empty())
        launch(std::exchange(m_pending, nullptr));
    if (!isBusy())
        becameIdle();
    else
        emit progressChanged(progress());
}

void BackgroundJobs::becameIdle()
{
    m_progressTimer.stop();
    emit progressChanged(1.0);
    emit busyChanged(false);
}

void BackgroundJobs::cancelAll()
{
    for (const auto& job : m_jobs) {
        job->control->cancel();
        if (m_policy == Policy::LatestWins)
            job->dropped = true;
    }
    m_pending.reset();
}

void BackgroundJobs::cancelAndWait()
{
    const bool wasBusy = isBusy();
    m_pending.reset();
    for (const auto& job : m_jobs)
        job->control->cancel();
    for (const auto& job : m_jobs)
        job->watcher.waitForFinished();
    m_jobs.clear();
    m_progressTimer.stop();
    if (wasBusy)
        emit busyChanged(false);
}

double BackgroundJobs::progress() const
{
    if (m_jobs.empty())
        return 1.0;
    double sum = 0;
    for (const auto& job : m_jobs)
        sum += job->done ? 1.0 : job->control->progress();
    return sum / double(m_jobs.size());
}

void BackgroundJobs::reportFailure()
{
    qWarning("A background job failed with an exception; its result is dropped.");
}
