// Where and how to connect. Holds no secrets: passphrases and passwords are asked for through
// SshPrompts when the server wants them and are never kept.
#pragma once

#include <QString>

struct SshTarget {
    QString host;           // a host name, an address or a Host alias from ~/.ssh/config
    QString user;           // empty: from ~/.ssh/config, else the local user
    int port = 0;           // 0: from ~/.ssh/config, else 22
    QString identityFile;   // an explicit private key, e.g. an EC2 .pem
    bool useAgent = true;   // try ssh-agent when SSH_AUTH_SOCK is set
    QString sshConfigFile;  // empty: ~/.ssh/config and /etc/ssh/ssh_config, parsed by libssh
    QString knownHostsFile; // empty: ~/.ssh/known_hosts
    QString sshDirectory;   // empty: ~/.ssh (where the default keys are)
    int timeoutSeconds = 20; // bound on every blocking step (connect, each read and write)

    QString displayName() const
    {
        QString name = user.isEmpty() ? host : user + QLatin1Char('@') + host;
        if (port > 0)
            name += QLatin1Char(':') + QString::number(port);
        return name;
    }
};
