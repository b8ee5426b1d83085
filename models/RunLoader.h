// Loads run archives off the GUI thread, several in parallel, with progress and cancel. A run is
// delivered as soon as its columns are read, so that its charts show; its profile's samples are
// decoded and indexed next (most of the load of an hour of stacks), as a job of its own, and
// announced by profileIndexed, or by profileFailed when they turn out unreadable.
#pragma once

#include "BackgroundJobs.h"
#include "Run.h"

#include <QObject>

class RunLoader : public QObject
{
    Q_OBJECT

public:
    explicit RunLoader(QObject* parent = nullptr);

    // Starts loading each file, all in parallel; results arrive through the signals in the order
    // the files were given (across calls too), each as soon as it and those before it are done.
    void load(const QStringList& paths);
    // Stops every load in flight; their files report loadCancelled.
    void cancelAll() { m_jobs.cancelAll(); }
    bool isBusy() const { return m_jobs.isBusy(); }
    // Loads a file's runs on the calling thread (command-line tools, tests): one, or one per
    // record archive of an APerf report. Throws runlens::format::FormatError with a sentence
    // naming the file. loadNow gives the first.
    static std::vector<RunPtr> loadAllNow(const QString& path);
    static RunPtr loadNow(const QString& path);

signals:
    void runLoaded(const RunPtr& run);
    // The run's profile has its index now (Run::profileIndex): flame graphs can be built at once.
    void profileIndexed(const RunPtr& run);
    // The run's samples could not be decoded (Run::profileError): its charts stay, without a
    // flame graph.
    void profileFailed(const RunPtr& run, const QString& message);
    void loadFailed(const QString& path, const QString& message);
    void loadCancelled(const QString& path);
    // Fraction 0..1 over everything in flight.
    void progressChanged(double fraction);
    void idle();

private:
    void indexProfile(const RunPtr& run);

    BackgroundJobs m_jobs{BackgroundJobs::Policy::AllInOrder};
};
