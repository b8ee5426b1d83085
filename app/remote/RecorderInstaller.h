// Puts runlens-rec on the host under ~/.cache/runlens/: uploads it only when the host's copy differs
// (compared by SHA-256), verifies the upload by checksum, and moves it into place in one step so a
// cut connection never leaves a half-copied recorder that looks complete.
#pragma once

#include <QMap>
#include <QString>

#include "SshSession.h"

struct RemoteHostInfo;

struct RecorderInstallResult {
    QString remotePath;
    QString version;  // `runlens-rec --version` on the host
    bool uploaded = false;
};

// The recorders an installation carries: a fully static runlens-rec per host architecture
// ("x86_64", "arm64" as RemoteHostInfo names them), each a local file.
using LocalRecorders = QMap<QString, QString>;

class RecorderInstaller
{
public:
    explicit RecorderInstaller(LocalRecorders recorders);

    // Installs the recorder for the host's architecture (`uname -m` on the host).
    RecorderInstallResult install(SshSession& session, const RemoteHostInfo& host, const QString& remoteDirectory,
                                  const TransferProgress& progress = {});

    // The recorders of this installation, looked for in $RUNLENS_RECORDERS/ARCH/runlens-rec, next to
    // the installed app (PREFIX/share/runlens/recorders/ARCH/runlens-rec) and in the build tree
    // (recorders/ARCH/runlens-rec). $RUNLENS_REC names one file that takes precedence for its
    // architecture.
    static LocalRecorders findLocalRecorders();
    // One file, under the architecture its ELF header names; empty when it is no recorder we know.
    static LocalRecorders fromFile(const QString& path);
    // "x86_64" or "arm64" from the ELF header's machine field; empty for anything else.
    static QString architectureOf(const QString& path);
    static QString sha256OfFile(const QString& path);

private:
    LocalRecorders m_recorders;
};

// The first word of `sha256sum` output, or empty.
QString sha256FromSumOutput(const QByteArray& output);
