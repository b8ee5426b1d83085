// Puts runlens-rec on the host under ~/.cache/runlens/: uploads it only when the host's copy differs
// (compared by SHA-256), verifies the upload by checksum, and moves it into place in one step so a
// cut connection never leaves a half-copied recorder that looks complete.
#pragma once

#include <QString>

#include "SshSession.h"

struct RemoteHostInfo;

struct RecorderInstallResult {
    QString remotePath;
    QString version;  // `runlens-rec --version` on the host
    bool uploaded = false;
};

class RecorderInstaller
{
public:
    // localRecorder: the runlens-rec built for localArchitecture (x86_64 or arm64).
    RecorderInstaller(QString localRecorder, QString localArchitecture);

    RecorderInstallResult install(SshSession& session, const RemoteHostInfo& host, const QString& remoteDirectory,
                                  const TransferProgress& progress = {});

    // The runlens-rec next to the runlens executable (or in the build tree's recorder/), unless
    // RUNLENS_REC names one. Empty when none is found.
    static QString findLocalRecorder();
    static QString sha256OfFile(const QString& path);

private:
    QString m_localRecorder;
    QString m_localArchitecture;
};

// The first word of `sha256sum` output, or empty.
QString sha256FromSumOutput(const QByteArray& output);
