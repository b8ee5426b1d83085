// One SSH connection to a host, over libssh: host-key check against known_hosts, authentication,
// remote commands and SFTP transfers. Blocking by design: it is driven from one worker thread (or
// from a headless command), every blocking libssh call is bounded by SshTarget::timeoutSeconds, and
// the cancel flag is checked between steps and between chunks.
#pragma once

#include "SshError.h"
#include "SshTarget.h"

#include <QByteArray>
#include <QList>
#include <QString>

#include <atomic>
#include <functional>
#include <optional>

struct ssh_session_struct;
struct sftp_session_struct;

// Questions the session may need answered while connecting. Unset functions mean "no".
struct SshPrompts {
    // An unknown host key: show the fingerprint ("SHA256:...") and return true to trust and record it.
    std::function<bool(const QString& host, const QString& keyType, const QString& fingerprint)> acceptNewHostKey;
    // A passphrase, password or keyboard-interactive answer; nullopt when the user declines.
    std::function<std::optional<QString>(const QString& prompt, bool echo)> askSecret;
};

struct RemoteCommandResult {
    int exitCode = -1; // -1: the command ended without an exit status (killed by a signal)
    QByteArray out;
    QByteArray err;
};

struct RemoteFileEntry {
    QString name;
    qint64 size = 0;
    bool isDirectory = false;
    qint64 modifiedSecs = 0; // seconds since the epoch, 0 when the server does not say
};

// done and total in bytes; return false to cancel the transfer.
using TransferProgress = std::function<bool(qint64 done, qint64 total)>;

class SshSession
{
public:
    explicit SshSession(SshTarget target, SshPrompts prompts = {}, const std::atomic_bool* cancel = nullptr);
    ~SshSession();
    SshSession(const SshSession&) = delete;
    SshSession& operator=(const SshSession&) = delete;

    const SshTarget& target() const { return m_target; }

    // Connects, checks the host key and authenticates; throws SshError naming the step.
    void connect();
    bool isConnected() const;
    void disconnect();
    // The server's key as "SHA256:..." once connected.
    QString hostKeyFingerprint() const { return m_fingerprint; }

    // Runs a command line (build it with QuotedCommand) through the user's shell.
    RemoteCommandResult run(const QString& commandLine, int timeoutSeconds = 60, const QByteArray& input = {});
    // As run(), but a non-zero exit throws SshError::Command with `what` and the command's stderr.
    RemoteCommandResult runChecked(const QString& commandLine, const QString& what, int timeoutSeconds = 60);

    // Uploads a file (mode 0700) in chunks.
    void upload(const QString& localPath, const QString& remotePath, const TransferProgress& progress = {});
    // Downloads into localPath, appending from localPath's current size: a download cut by a dropped
    // connection resumes where it stopped. Returns the remote size.
    qint64 downloadResuming(const QString& remotePath, const QString& localPath, const TransferProgress& progress = {});
    std::optional<qint64> remoteFileSize(const QString& remotePath);
    QList<RemoteFileEntry> listDirectory(const QString& remotePath);
    void removeFile(const QString& remotePath);
    // The absolute form of a remote path ("." is the login directory).
    QString canonicalPath(const QString& remotePath);

    // Keeps NAT gateways and idle timeouts from closing the connection while nothing is sent.
    void sendKeepalive();

private:
    void setOptions();
    void verifyHostKey();
    void authenticate();
    sftp_session_struct* sftp();
    void throwIfCancelled() const;
    QString lastError() const;
    QString sftpError(const QString& path) const;

    SshTarget m_target;
    SshPrompts m_prompts;
    const std::atomic_bool* m_cancel;
    ssh_session_struct* m_session = nullptr;
    sftp_session_struct* m_sftp = nullptr;
    QString m_fingerprint;
};
