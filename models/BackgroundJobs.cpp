#include "BackgroundJobs.h"

#include <QtGlobal>

#include <algorithm>

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

std::shared_ptr<BackgroundJobs::Job> BackgroundJobs::addJob(std::function<void()> deliver)
{
    if (m_policy == Policy::LatestWins) {
        for (const auto& older : m_jobs) {
            older->control->cancel();
            older->dropped = true;
        }
    }
    auto job = std::make_shared<Job>();
    job->deliver = std::move(deliver);
    const bool wasBusy = isBusy();
    m_jobs.push_back(job);
    if (!wasBusy) {
        m_progressTimer.start();
        emit busyChanged(true);
    }
    return job;
}

void BackgroundJobs::launch(const std::shared_ptr<Job>& job, QFuture<void> future)
{
    Job* raw = job.get();
    // The watcher reports `finished` on this object's thread, after the worker has let go of it.
    connect(&raw->watcher, &QFutureWatcher<void>::finished, this, [this, raw] { finish(raw); });
    raw->watcher.setFuture(future);
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
    if (m_jobs.empty()) {
        m_progressTimer.stop();
        emit progressChanged(1.0);
        emit busyChanged(false);
    } else {
        emit progressChanged(progress());
    }
}

void BackgroundJobs::cancelAll()
{
    for (const auto& job : m_jobs) {
        job->control->cancel();
        if (m_policy == Policy::LatestWins)
            job->dropped = true;
    }
}

void BackgroundJobs::cancelAndWait()
{
    if (m_jobs.empty())
        return;
    for (const auto& job : m_jobs)
        job->control->cancel();
    for (const auto& job : m_jobs)
        job->watcher.waitForFinished();
    m_jobs.clear();
    m_progressTimer.stop();
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
