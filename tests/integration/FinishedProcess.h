// What a finished child process left: its exit code (-1 when it crashed or did not finish in
// time) and its output, for the integration tests that run the real runlens-rec.
#pragma once

#include <QProcess>
#include <QString>

struct Finished {
    int exitCode = -1;
    QString out;
    QString err;
};

inline Finished runToEnd(QProcess& process, int timeoutMs = 60000)
{
    if (!process.waitForFinished(timeoutMs))
        return {};
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
            QString::fromUtf8(process.readAllStandardOutput()), QString::fromUtf8(process.readAllStandardError())};
}
