#include "SshSession.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QFile>
#include <QThread>

#include <libssh/libssh.h>
#include <libssh/server.h> // ssh_send_keepalive is declared here but works for clients too
#include <libssh/sftp.h>

#include <fcntl.h>

#include <memory>

namespace {

// The messages' translation context (lupdate reads Q_DECLARE_TR_FUNCTIONS; a free tr() it cannot).
struct Text {
    Q_DECLARE_TR_FUNCTIONS(SshSession)
};

// OpenSSH resets the session on oversized SFTP packets; 32 KiB is safe on every server.
constexpr int kChunkBytes = 32 * 1024;
constexpr int kPollMilliseconds = 100;

struct ChannelDeleter {
    void operator()(ssh_channel channel) const
    {
        if (ssh_channel_is_open(channel))
            ssh_channel_close(channel);
        ssh_channel_free(channel);
    }
};
using Channel = std::unique_ptr<ssh_channel_struct, ChannelDeleter>;

struct SftpFileDeleter {
    void operator()(sftp_file file) const { sftp_close(file); }
};
using SftpFile = std::unique_ptr<sftp_file_struct, SftpFileDeleter>;

struct AttributesDeleter {
    void operator()(sftp_attributes attributes) const { sftp_attributes_free(attributes); }
};
using Attributes = std::unique_ptr<sftp_attributes_struct, AttributesDeleter>;

struct KeyDeleter {
    void operator()(ssh_key key) const { ssh_key_free(key); }
};
using Key = std::unique_ptr<ssh_key_struct, KeyDeleter>;

} // namespace

SshSession::SshSession(SshTarget target, SshPrompts prompts, const std::atomic_bool* cancel)
    : m_target(std::move(target))
    , m_prompts(std::move(prompts))
    , m_cancel(cancel)
{
}

SshSession::~SshSession()
{
    disconnect();
}

bool SshSession::isConnected() const
{
    return m_session && ssh_is_connected(m_session);
}

void SshSession::disconnect()
{
    if (m_sftp) {
        sftp_free(m_sftp);
        m_sftp = nullptr;
    }
    if (m_session) {
        if (ssh_is_connected(m_session))
            ssh_disconnect(m_session);
        ssh_free(m_session);
        m_session = nullptr;
    }
}

void SshSession::throwIfCancelled() const
{
    if (m_cancel && m_cancel->load())
        throw SshError(SshError::Kind::Cancelled, Text::tr("Cancelled."));
}

QString SshSession::lastError() const
{
    return m_session ? QString::fromUtf8(ssh_get_error(m_session)) : QString();
}

QString SshSession::sftpError(const QString& path) const
{
    const int code = m_sftp ? sftp_get_error(m_sftp) : -1;
    QString reason;
    switch (code) {
    case SSH_FX_NO_SUCH_FILE: reason = Text::tr("no such file"); break;
    case SSH_FX_PERMISSION_DENIED: reason = Text::tr("permission denied"); break;
    case SSH_FX_FAILURE: reason = Text::tr("the server reported a failure"); break;
    default: reason = lastError(); break;
    }
    return Text::tr("%1 on %2: %3").arg(path, m_target.host, reason);
}

void SshSession::setOptions()
{
    const QByteArray host = m_target.host.toUtf8();
    ssh_options_set(m_session, SSH_OPTIONS_HOST, host.constData());
    if (!m_target.sshDirectory.isEmpty())
        ssh_options_set(m_session, SSH_OPTIONS_SSH_DIR, m_target.sshDirectory.toUtf8().constData());
    // ~/.ssh/config first (User, Port, HostName, IdentityFile, ProxyJump as libssh understands them),
    // then what the user typed, which wins.
    const QByteArray config = m_target.sshConfigFile.toUtf8();
    if (ssh_options_parse_config(m_session, config.isEmpty() ? nullptr : config.constData()) != SSH_OK)
        throw SshError(SshError::Kind::Connection, Text::tr("Could not read the SSH configuration for %1: %2").arg(m_target.host, lastError()));
    bool processConfig = false;
    ssh_options_set(m_session, SSH_OPTIONS_PROCESS_CONFIG, &processConfig);
    if (!m_target.user.isEmpty())
        ssh_options_set(m_session, SSH_OPTIONS_USER, m_target.user.toUtf8().constData());
    if (m_target.port > 0) {
        const unsigned int port = unsigned(m_target.port);
        ssh_options_set(m_session, SSH_OPTIONS_PORT, &port);
    }
    if (!m_target.knownHostsFile.isEmpty())
        ssh_options_set(m_session, SSH_OPTIONS_KNOWNHOSTS, m_target.knownHostsFile.toUtf8().constData());
    const long timeout = std::max(1, m_target.timeoutSeconds);
    ssh_options_set(m_session, SSH_OPTIONS_TIMEOUT, &timeout);
    int noDelay = 1;
    ssh_options_set(m_session, SSH_OPTIONS_NODELAY, &noDelay);
}

void SshSession::connect()
{
    disconnect();
    throwIfCancelled();
    m_session = ssh_new();
    if (!m_session)
        throw SshError(SshError::Kind::Connection, Text::tr("Could not create an SSH session."));
    setOptions();
    if (ssh_connect(m_session) != SSH_OK)
        throw SshError(SshError::Kind::Connection, Text::tr("Could not connect to %1: %2").arg(m_target.displayName(), lastError()));
    throwIfCancelled();
    verifyHostKey();
    throwIfCancelled();
    authenticate();
}

void SshSession::verifyHostKey()
{
    ssh_key rawKey = nullptr;
    if (ssh_get_server_publickey(m_session, &rawKey) != SSH_OK)
        throw SshError(SshError::Kind::Connection, Text::tr("%1 sent no host key: %2").arg(m_target.host, lastError()));
    const Key key(rawKey);
    unsigned char* hash = nullptr;
    size_t hashLength = 0;
    if (ssh_get_publickey_hash(key.get(), SSH_PUBLICKEY_HASH_SHA256, &hash, &hashLength) != SSH_OK)
        throw SshError(SshError::Kind::Connection, Text::tr("Could not hash the host key of %1.").arg(m_target.host));
    char* text = ssh_get_fingerprint_hash(SSH_PUBLICKEY_HASH_SHA256, hash, hashLength);
    m_fingerprint = QString::fromLatin1(text);
    ssh_string_free_char(text);
    ssh_clean_pubkey_hash(&hash);
    const QString keyType = QString::fromLatin1(ssh_key_type_to_char(ssh_key_type(key.get())));

    switch (ssh_session_is_known_server(m_session)) {
    case SSH_KNOWN_HOSTS_OK:
        return;
    case SSH_KNOWN_HOSTS_CHANGED:
    case SSH_KNOWN_HOSTS_OTHER:
        throw SshError(SshError::Kind::HostKeyChanged,
                       Text::tr("The host key of %1 has changed (it is now %2 %3). Someone may be intercepting the "
                          "connection, or the host was reinstalled or its address reused (common with EC2 "
                          "instances). The connection was refused. If you know why the key changed, remove the old "
                          "entry from your known_hosts file (ssh-keygen -R %1) and connect again.")
                           .arg(m_target.host, keyType, m_fingerprint));
    case SSH_KNOWN_HOSTS_NOT_FOUND:
    case SSH_KNOWN_HOSTS_UNKNOWN:
        if (!m_prompts.acceptNewHostKey || !m_prompts.acceptNewHostKey(m_target.host, keyType, m_fingerprint))
            throw SshError(SshError::Kind::HostKeyUnknown,
                           Text::tr("The host key of %1 is not known (%2 %3). Check the fingerprint with the host's "
                              "administrator, or on EC2 in the instance's system log, and accept it to connect.")
                               .arg(m_target.host, keyType, m_fingerprint));
        if (ssh_session_update_known_hosts(m_session) != SSH_OK)
            throw SshError(SshError::Kind::Connection, Text::tr("Could not add the host key of %1 to known_hosts: %2").arg(m_target.host, lastError()));
        return;
    case SSH_KNOWN_HOSTS_ERROR:
        break;
    }
    throw SshError(SshError::Kind::Connection, Text::tr("Could not check the host key of %1: %2").arg(m_target.host, lastError()));
}

void SshSession::authenticate()
{
    if (ssh_userauth_none(m_session, nullptr) == SSH_AUTH_SUCCESS)
        return;
    const int methods = ssh_userauth_list(m_session, nullptr);
    QStringList failures; // one sentence per method tried, for the final message

    if ((methods & SSH_AUTH_METHOD_PUBLICKEY) && !m_target.identityFile.isEmpty()) {
        const QByteArray file = m_target.identityFile.toUtf8();
        ssh_key rawKey = nullptr;
        int imported = ssh_pki_import_privkey_file(file.constData(), nullptr, nullptr, nullptr, &rawKey);
        if (imported != SSH_OK && m_prompts.askSecret) {
            // Encrypted keys need their passphrase; it is used once and not kept.
            if (auto passphrase = m_prompts.askSecret(Text::tr("Passphrase for %1:").arg(m_target.identityFile), false))
                imported = ssh_pki_import_privkey_file(file.constData(), passphrase->toUtf8().constData(), nullptr, nullptr, &rawKey);
        }
        if (imported != SSH_OK) {
            failures << Text::tr("key %1: could not be read (missing, not a private key, or wrong passphrase)").arg(m_target.identityFile);
        } else {
            const Key key(rawKey);
            const int result = ssh_userauth_publickey(m_session, nullptr, key.get());
            if (result == SSH_AUTH_SUCCESS)
                return;
            failures << Text::tr("key %1: refused by the server (%2)").arg(m_target.identityFile, lastError());
        }
    }
    throwIfCancelled();
    if ((methods & SSH_AUTH_METHOD_PUBLICKEY) && m_target.useAgent && qEnvironmentVariableIsSet("SSH_AUTH_SOCK")) {
        if (ssh_userauth_agent(m_session, nullptr) == SSH_AUTH_SUCCESS)
            return;
        failures << Text::tr("ssh-agent: no key the server accepts (%1)").arg(lastError());
    }
    throwIfCancelled();
    if (methods & SSH_AUTH_METHOD_PUBLICKEY) {
        // The default keys (~/.ssh/id_*) and the IdentityFile entries of ~/.ssh/config.
        if (ssh_userauth_publickey_auto(m_session, nullptr, nullptr) == SSH_AUTH_SUCCESS)
            return;
        failures << Text::tr("default keys: none accepted (%1)").arg(lastError());
    }
    throwIfCancelled();
    if ((methods & SSH_AUTH_METHOD_INTERACTIVE) && m_prompts.askSecret) {
        int result = ssh_userauth_kbdint(m_session, nullptr, nullptr);
        while (result == SSH_AUTH_INFO) {
            const int prompts = ssh_userauth_kbdint_getnprompts(m_session);
            for (int i = 0; i < prompts; ++i) {
                char echo = 0;
                const QString prompt = QString::fromUtf8(ssh_userauth_kbdint_getprompt(m_session, unsigned(i), &echo));
                const auto answer = m_prompts.askSecret(prompt, echo != 0);
                if (!answer)
                    throw SshError(SshError::Kind::Cancelled, Text::tr("Cancelled."));
                ssh_userauth_kbdint_setanswer(m_session, unsigned(i), answer->toUtf8().constData());
            }
            result = ssh_userauth_kbdint(m_session, nullptr, nullptr);
        }
        if (result == SSH_AUTH_SUCCESS)
            return;
        failures << Text::tr("keyboard-interactive: refused (%1)").arg(lastError());
    }
    throwIfCancelled();
    if ((methods & SSH_AUTH_METHOD_PASSWORD) && m_prompts.askSecret) {
        const auto password = m_prompts.askSecret(Text::tr("Password for %1:").arg(m_target.displayName()), false);
        if (!password)
            throw SshError(SshError::Kind::Cancelled, Text::tr("Cancelled."));
        if (ssh_userauth_password(m_session, nullptr, password->toUtf8().constData()) == SSH_AUTH_SUCCESS)
            return;
        failures << Text::tr("password: refused (%1)").arg(lastError());
    }
    if (failures.isEmpty())
        failures << Text::tr("the server offers no method this connection can use");
    throw SshError(SshError::Kind::Authentication,
                   Text::tr("Authentication to %1 failed. %2.").arg(m_target.displayName(), failures.join(QLatin1String("; "))));
}

RemoteCommandResult SshSession::run(const QString& commandLine, int timeoutSeconds, const QByteArray& input)
{
    throwIfCancelled();
    if (!isConnected())
        throw SshError(SshError::Kind::Connection, Text::tr("Not connected to %1.").arg(m_target.displayName()));
    Channel channel(ssh_channel_new(m_session));
    if (!channel || ssh_channel_open_session(channel.get()) != SSH_OK)
        throw SshError(SshError::Kind::Connection, Text::tr("Could not open a channel to %1: %2").arg(m_target.host, lastError()));
    if (ssh_channel_request_exec(channel.get(), commandLine.toUtf8().constData()) != SSH_OK)
        throw SshError(SshError::Kind::Command, Text::tr("%1 refused to run a command: %2").arg(m_target.host, lastError()));
    if (!input.isEmpty() && ssh_channel_write(channel.get(), input.constData(), uint32_t(input.size())) != input.size())
        throw SshError(SshError::Kind::Command, Text::tr("Could not send input to %1: %2").arg(m_target.host, lastError()));
    ssh_channel_send_eof(channel.get());

    RemoteCommandResult result;
    const QDeadlineTimer deadline{std::chrono::seconds(timeoutSeconds)};
    char buffer[16384];
    for (;;) {
        throwIfCancelled();
        if (deadline.hasExpired())
            throw SshError(SshError::Kind::Timeout, Text::tr("A command on %1 did not finish within %2 seconds.").arg(m_target.host).arg(timeoutSeconds));
        const int out = ssh_channel_read_timeout(channel.get(), buffer, sizeof buffer, 0, kPollMilliseconds);
        if (out == SSH_ERROR)
            throw SshError(SshError::Kind::Connection, Text::tr("The connection to %1 broke: %2").arg(m_target.host, lastError()));
        if (out > 0)
            result.out.append(buffer, out);
        const int err = ssh_channel_read_nonblocking(channel.get(), buffer, sizeof buffer, 1);
        if (err == SSH_ERROR)
            throw SshError(SshError::Kind::Connection, Text::tr("The connection to %1 broke: %2").arg(m_target.host, lastError()));
        if (err > 0)
            result.err.append(buffer, err);
        if (out == 0 && err <= 0 && ssh_channel_is_eof(channel.get()))
            break;
    }
    result.exitCode = ssh_channel_get_exit_status(channel.get());
    return result;
}

RemoteCommandResult SshSession::runChecked(const QString& commandLine, const QString& what, int timeoutSeconds)
{
    RemoteCommandResult result = run(commandLine, timeoutSeconds);
    if (result.exitCode != 0) {
        const QString detail = QString::fromUtf8(result.err.trimmed().isEmpty() ? result.out.trimmed() : result.err.trimmed());
        throw SshError(SshError::Kind::Command, Text::tr("%1 failed on %2 (exit status %3): %4")
                                                    .arg(what, m_target.host).arg(result.exitCode).arg(detail));
    }
    return result;
}

sftp_session SshSession::sftp()
{
    if (m_sftp)
        return m_sftp;
    if (!isConnected())
        throw SshError(SshError::Kind::Connection, Text::tr("Not connected to %1.").arg(m_target.displayName()));
    m_sftp = sftp_new(m_session);
    if (!m_sftp || sftp_init(m_sftp) != SSH_OK) {
        const QString error = lastError();
        if (m_sftp)
            sftp_free(m_sftp);
        m_sftp = nullptr;
        throw SshError(SshError::Kind::Transfer, Text::tr("%1 offers no SFTP: %2").arg(m_target.host, error));
    }
    return m_sftp;
}

void SshSession::upload(const QString& localPath, const QString& remotePath, const TransferProgress& progress)
{
    QFile local(localPath);
    if (!local.open(QIODevice::ReadOnly))
        throw SshError(SshError::Kind::Transfer, Text::tr("Could not read %1: %2").arg(localPath, local.errorString()));
    sftp_session session = sftp();
    SftpFile remote(sftp_open(session, remotePath.toUtf8().constData(), O_WRONLY | O_CREAT | O_TRUNC, 0700));
    if (!remote)
        throw SshError(SshError::Kind::Transfer, Text::tr("Could not create %1").arg(sftpError(remotePath)));
    const qint64 total = local.size();
    qint64 done = 0;
    QByteArray chunk;
    while (!(chunk = local.read(kChunkBytes)).isEmpty()) {
        throwIfCancelled();
        if (sftp_write(remote.get(), chunk.constData(), size_t(chunk.size())) != chunk.size())
            throw SshError(SshError::Kind::Transfer, Text::tr("Could not write %1").arg(sftpError(remotePath)));
        done += chunk.size();
        if (progress && !progress(done, total))
            throw SshError(SshError::Kind::Cancelled, Text::tr("Cancelled."));
    }
}

qint64 SshSession::downloadResuming(const QString& remotePath, const QString& localPath, const TransferProgress& progress)
{
    sftp_session session = sftp();
    SftpFile remote(sftp_open(session, remotePath.toUtf8().constData(), O_RDONLY, 0));
    if (!remote)
        throw SshError(SshError::Kind::Transfer, Text::tr("Could not open %1").arg(sftpError(remotePath)));
    const Attributes attributes(sftp_fstat(remote.get()));
    if (!attributes)
        throw SshError(SshError::Kind::Transfer, Text::tr("Could not read the size of %1").arg(sftpError(remotePath)));
    const qint64 total = qint64(attributes->size);

    QFile local(localPath);
    if (!local.open(QIODevice::ReadWrite))
        throw SshError(SshError::Kind::Transfer, Text::tr("Could not write %1: %2").arg(localPath, local.errorString()));
    qint64 done = local.size();
    if (done > total) { // not a prefix of this file: start again
        local.resize(0);
        done = 0;
    }
    local.seek(done);
    if (done > 0 && sftp_seek64(remote.get(), uint64_t(done)) != 0)
        throw SshError(SshError::Kind::Transfer, Text::tr("Could not resume %1").arg(sftpError(remotePath)));
    if (progress && !progress(done, total))
        throw SshError(SshError::Kind::Cancelled, Text::tr("Cancelled."));

    QByteArray buffer(kChunkBytes, Qt::Uninitialized);
    while (done < total) {
        throwIfCancelled();
        const ssize_t read = sftp_read(remote.get(), buffer.data(), size_t(buffer.size()));
        if (read < 0)
            throw SshError(SshError::Kind::Transfer,
                           Text::tr("The download of %1 stopped at %2 of %3 bytes; fetch again to resume.")
                               .arg(sftpError(remotePath)).arg(done).arg(total));
        if (read == 0)
            break;
        // Flushed per chunk so that the resume offset is always what really reached the disk.
        if (local.write(buffer.constData(), read) != read || !local.flush())
            throw SshError(SshError::Kind::Transfer, Text::tr("Could not write %1: %2").arg(localPath, local.errorString()));
        done += read;
        if (progress && !progress(done, total))
            throw SshError(SshError::Kind::Cancelled, Text::tr("Cancelled."));
    }
    return total;
}

std::optional<qint64> SshSession::remoteFileSize(const QString& remotePath)
{
    const Attributes attributes(sftp_stat(sftp(), remotePath.toUtf8().constData()));
    if (!attributes)
        return std::nullopt;
    return qint64(attributes->size);
}

QList<RemoteFileEntry> SshSession::listDirectory(const QString& remotePath)
{
    sftp_session session = sftp();
    sftp_dir dir = sftp_opendir(session, remotePath.toUtf8().constData());
    if (!dir)
        throw SshError(SshError::Kind::Transfer, Text::tr("Could not list %1").arg(sftpError(remotePath)));
    QList<RemoteFileEntry> entries;
    while (Attributes attributes{sftp_readdir(session, dir)}) {
        const QString name = QString::fromUtf8(attributes->name);
        if (name == QLatin1String(".") || name == QLatin1String(".."))
            continue;
        entries.append({name, qint64(attributes->size), attributes->type == SSH_FILEXFER_TYPE_DIRECTORY, qint64(attributes->mtime)});
    }
    sftp_closedir(dir);
    return entries;
}

void SshSession::removeFile(const QString& remotePath)
{
    if (sftp_unlink(sftp(), remotePath.toUtf8().constData()) != 0)
        throw SshError(SshError::Kind::Transfer, Text::tr("Could not delete %1").arg(sftpError(remotePath)));
}

QString SshSession::canonicalPath(const QString& remotePath)
{
    char* path = sftp_canonicalize_path(sftp(), remotePath.toUtf8().constData());
    if (!path)
        throw SshError(SshError::Kind::Transfer, Text::tr("Could not resolve %1").arg(sftpError(remotePath)));
    const QString result = QString::fromUtf8(path);
    ssh_string_free_char(path);
    return result;
}

void SshSession::sendKeepalive()
{
    if (isConnected())
        ssh_send_keepalive(m_session);
}
