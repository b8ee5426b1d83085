// The Host aliases of an OpenSSH client config, for completing the host field. Only the names are
// read here; connecting leaves the meaning of the config (User, Port, ProxyJump ...) to libssh.
#pragma once

#include <QString>
#include <QStringList>

namespace SshConfigHosts {

// Concrete aliases (no wildcard or negated patterns), in file order, without duplicates.
// Follows Include lines relative to ~/.ssh, as OpenSSH does.
QStringList aliases(const QString& configPath, int depth = 0);
QString defaultConfigPath();

} // namespace SshConfigHosts
