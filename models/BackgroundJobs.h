// The one way the app runs work off the GUI thread (as hotspot's JobTracker does): each job runs on
// the thread pool with a JobControl it polls for cancel and reports progress to, and its result is
// handed back on the owner's thread. Loading runs, the live summary and the flame graph all go
// through it, so "which result is stale" and "who waits for the workers" are decided once, here.
//
// Two policies:
// - LatestWins: a new job supersedes those in flight (they are asked to stop and their results
//   are dropped). It starts when the running one has finished, and only the newest of the jobs
//   asked for meanwhile runs at all: dragging a selection never piles stale builds onto the pool.
//   For views that show the answer to the last question asked.
// - AllInOrder: jobs run side by side and their results arrive in the order the jobs were started,
//   each as soon as it and those before it are done. For opening several files: the first file
//   named becomes the baseline whatever finishes first. Cancelled jobs still deliver (the work
//   sees the cancel and says so in its result).
#pragma once

#include <QFutureWatcher>
#include <QObject>
#include <QTimer>
#include <QtConcurrent/QtConcurrentRun>

#include <atomic>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <type_traits>

// What a running job shares with its owner: a cancel flag it should poll, a progress it may report.
class JobControl
{
public:
    bool isCancelled() const { return m_cancelled.load(std::memory_order_relaxed); }
    void cancel() { m_cancelled.store(true, std::memory_order_relaxed); }
    // 0..1 of this job's work.
    void setProgress(double fraction) { m_progress.store(fraction, std::memory_order_relaxed); }
    double progress() const { return m_progress.load(std::memory_order_relaxed); }

private:
    std::atomic<bool> m_cancelled{false};
    std::atomic<double> m_progress{0.0};
};

class BackgroundJobs : public QObject
{
    Q_OBJECT

public:
    enum class Policy { LatestWins, AllInOrder };

    explicit BackgroundJobs(Policy policy, QObject* parent = nullptr);
    // Cancels every job and waits for it: no worker outlives its owner.
    ~BackgroundJobs() override;

    // Runs `work(JobControl&)` on the thread pool, then `deliver(result)` on this object's thread
    // (unless the policy drops the result). The work must only touch what it owns or shares
    // immutably (shared_ptr<const Run> snapshots, copies); an exception it throws drops its result.
    template <typename Work, typename Deliver>
    void start(Work work, Deliver deliver)
    {
        using Result = std::invoke_result_t<Work&, JobControl&>;
        auto result = std::make_shared<std::optional<Result>>();
        auto job = std::make_shared<Job>();
        job->deliver = [result, deliver = std::move(deliver)]() mutable {
            if (*result)
                deliver(std::move(**result));
        };
        job->run = [control = job->control, result, work = std::move(work)]() mutable {
            return QtConcurrent::run([control, result, work]() mutable {
                try {
                    result->emplace(work(*control));
                } catch (...) {
                    reportFailure();
                }
            });
        };
        enqueue(std::move(job));
    }

    // Asks every job in flight to stop. LatestWins drops their results and the pending job;
    // AllInOrder delivers them.
    void cancelAll();
    // Cancels every job, waits for it and drops its result: afterwards nothing is in flight.
    void cancelAndWait();

    bool isBusy() const { return !m_jobs.empty() || m_pending; }
    // The mean progress of the jobs in flight, 0..1; 1 when idle.
    double progress() const;

signals:
    void busyChanged(bool busy);
    // Polled while jobs are in flight, and once more (1.0) when the last one is done.
    void progressChanged(double fraction);

private:
    struct Job {
        std::shared_ptr<JobControl> control = std::make_shared<JobControl>();
        QFutureWatcher<void> watcher;
        std::function<QFuture<void>()> run; // starts the work on the pool
        std::function<void()> deliver;
        bool done = false;
        bool dropped = false;
    };
    void enqueue(std::shared_ptr<Job> job);
    void launch(std::shared_ptr<Job> job);
    void finish(Job* job);
    void becameIdle();
    static void reportFailure();

    Policy m_policy;
    std::deque<std::shared_ptr<Job>> m_jobs; // running, in start order
    std::shared_ptr<Job> m_pending;          // LatestWins: the newest job, waiting for the running one
    QTimer m_progressTimer;
};
