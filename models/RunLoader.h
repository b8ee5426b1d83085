// Loads run archives off the GUI thread, several in parallel, with progress and cancel.
#pragma once

#include "Run.h"

#include <QFutureWatcher>
#include <QHash>
#include <QObject>
#include <QTimer>

#include <atomic>
#include <deque>
#include <memory>

class RunLoader : public QObject
{
    Q_OBJECT

public:
    explicit RunLoader(QObject* parent = nullptr);
    ~RunLoader() override;

    // Starts loading each file, all in parallel; results arrive through the signals in the order
    // the files were given (across calls too), each as soon as it and those before it are done.
    void load(const QStringList& paths);
    // Stops every load in flight; their files report loadCancelled.
    void cancelAll();
    bool isBusy() const { return !m_jobs.isEmpty(); }
    // Loads one archive on the calling thread (command-line tools, tests). Throws
    // runlens::format::FormatError with a sentence naming the file.
    static RunPtr loadNow(const QString& path);

signals:
    void runLoaded(const RunPtr& run);
    void loadFailed(const QString& path, const QString& message);
    void loadCancelled(const QString& path);
    // Fraction 0..1 over everything in flight.
    void progressChanged(double fraction);
    void idle();

private:
    struct Job;
    void finishJob(Job* job);
    void reportProgress();

    QHash<Job*, std::shared_ptr<Job>> m_jobs;
    std::deque<Job*> m_order; // jobs not yet delivered, in request order
    QTimer m_progressTimer; // polls the workers' progress while anything is in flight
};
