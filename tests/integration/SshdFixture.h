// A real OpenSSH server for the remote-layer tests: its own host and user keys in a temporary
// directory, listening on 127.0.0.1 on a free port, no PAM, internal-sftp. The client side gets its
// own (empty) ssh config, ~/.ssh directory and known_hosts there too; the machine's ~/.ssh is never used.
#pragma once

#include "remote/SshTarget.h"

#include <QProcess>
#include <QString>
#include <QTemporaryDir>

#include <memory>

class SshdFixture
{
public:
    SshdFixture();
    ~SshdFixture();

    // Generates the keys and starts sshd with the first host key; false with why() on failure.
    bool start();
    // Restarts the server with another host key (a "reinstalled" host), or with the first one again.
    bool restartWithOtherHostKey();
    bool restartWithFirstHostKey();
    void stop();
    // Ends every connection (sshd's per-connection processes) but keeps the server listening,
    // like a network cut. Processes started in the sessions with setsid survive, as they would.
    void cutConnections();

    QString why() const { return m_why; }
    int port() const { return m_port; }
    QString path(const QString& name) const { return m_dir.filePath(name); }
    QString userKey() const { return path(QStringLiteral("user_ed25519")); }
    QString pemKey() const { return path(QStringLiteral("ec2.pem")); }
    QString wrongKey() const { return path(QStringLiteral("wrong_ed25519")); }
    QString clientConfig() const { return path(QStringLiteral("client_config")); }
    QString clientSshDirectory() const { return path(QStringLiteral("client_ssh")); }
    QString userName() const;
    // SHA256:... of the host key sshd is using, from ssh-keygen -l.
    QString hostKeyFingerprint() const;
    // How a client reaches this server: 127.0.0.1 on its port, the test user and key, its own ssh
    // config and ~/.ssh, no agent, host keys remembered in knownHostsFile.
    SshTarget clientTarget(const QString& knownHostsFile) const;

private:
    bool generateKey(const QString& file, const QStringList& extra = {});
    bool launch(const QString& hostKey);

    QTemporaryDir m_dir;
    std::unique_ptr<QProcess> m_sshd;
    QString m_hostKey;
    int m_port = 0;
    QString m_why;
};
