#include "SshdFixture.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QThread>

#include <arpa/inet.h>
#include <csignal>
#include <netinet/in.h>
#include <pwd.h>
#include <sys/socket.h>
#include <unistd.h>

namespace {

bool writeFile(const QString& path, const QByteArray& contents, QFile::Permissions permissions)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(contents) != contents.size())
        return false;
    file.close();
    return file.setPermissions(permissions);
}

// The kernel picks a free port; sshd binds it right after (a clash is retried in launch()).
int freePort()
{
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof address;
    int port = 0;
    if (fd >= 0 && ::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0
        && ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length) == 0)
        port = ntohs(address.sin_port);
    if (fd >= 0)
        ::close(fd);
    return port;
}

} // namespace

SshdFixture::SshdFixture() = default;

SshdFixture::~SshdFixture()
{
    stop();
}

QString SshdFixture::userName() const
{
    const passwd* entry = getpwuid(getuid());
    return entry ? QString::fromLocal8Bit(entry->pw_name) : QString();
}

bool SshdFixture::generateKey(const QString& file, const QStringList& extra)
{
    QProcess keygen;
    keygen.start(QStringLiteral("ssh-keygen"), QStringList{QStringLiteral("-q"), QStringLiteral("-N"), QString(), QStringLiteral("-f"), file} + extra);
    if (!keygen.waitForFinished(60000) || keygen.exitCode() != 0) {
        m_why = QStringLiteral("ssh-keygen failed for %1: %2").arg(file, QString::fromLocal8Bit(keygen.readAllStandardError()));
        return false;
    }
    return true;
}

bool SshdFixture::start()
{
    if (!m_dir.isValid()) {
        m_why = QStringLiteral("no temporary directory");
        return false;
    }
    if (!QFile::exists(QStringLiteral("/usr/sbin/sshd"))) {
        m_why = QStringLiteral("/usr/sbin/sshd is missing (apt-get install openssh-server)");
        return false;
    }
    const QString type = QStringLiteral("-t");
    if (!generateKey(path(QStringLiteral("host_ed25519")), {type, QStringLiteral("ed25519")})
        || !generateKey(path(QStringLiteral("host2_ed25519")), {type, QStringLiteral("ed25519")})
        || !generateKey(userKey(), {type, QStringLiteral("ed25519")})
        || !generateKey(wrongKey(), {type, QStringLiteral("ed25519")})
        || !generateKey(pemKey(), {type, QStringLiteral("rsa"), QStringLiteral("-b"), QStringLiteral("2048"), QStringLiteral("-m"), QStringLiteral("PEM")}))
        return false;
    QFile userPublic(userKey() + QStringLiteral(".pub"));
    QFile pemPublic(pemKey() + QStringLiteral(".pub"));
    if (!userPublic.open(QIODevice::ReadOnly) || !pemPublic.open(QIODevice::ReadOnly))
        return false;
    if (!writeFile(path(QStringLiteral("authorized_keys")), userPublic.readAll() + pemPublic.readAll(), QFile::ReadOwner | QFile::WriteOwner)
        || !writeFile(clientConfig(), QByteArray(), QFile::ReadOwner | QFile::WriteOwner))
        return false;
    QDir().mkpath(clientSshDirectory());
    // sshd running as root needs its privilege-separation directory.
    if (getuid() == 0)
        QDir().mkpath(QStringLiteral("/run/sshd"));
    return launch(path(QStringLiteral("host_ed25519")));
}

bool SshdFixture::restartWithOtherHostKey()
{
    stop();
    return launch(path(QStringLiteral("host2_ed25519")));
}

bool SshdFixture::restartWithFirstHostKey()
{
    stop();
    return launch(path(QStringLiteral("host_ed25519")));
}

bool SshdFixture::launch(const QString& hostKey)
{
    m_hostKey = hostKey;
    for (int attempt = 0; attempt < 5; ++attempt) {
        if (m_port == 0 || attempt > 0)
            m_port = freePort();
        const QByteArray config = QStringLiteral(
            "ListenAddress 127.0.0.1:%1\n"
            "HostKey %2\n"
            "PidFile %3\n"
            "AuthorizedKeysFile %4\n"
            "StrictModes no\n"
            "UsePAM no\n"
            "PermitRootLogin yes\n"
            "PubkeyAuthentication yes\n"
            "PasswordAuthentication no\n"
            "KbdInteractiveAuthentication no\n"
            "Subsystem sftp internal-sftp\n"
            "LogLevel INFO\n")
            .arg(m_port).arg(hostKey, path(QStringLiteral("sshd.pid")), path(QStringLiteral("authorized_keys"))).toUtf8();
        const QString configFile = path(QStringLiteral("sshd_config"));
        if (!writeFile(configFile, config, QFile::ReadOwner | QFile::WriteOwner))
            return false;
        m_sshd = std::make_unique<QProcess>();
        m_sshd->setProcessChannelMode(QProcess::SeparateChannels);
        m_sshd->start(QStringLiteral("/usr/sbin/sshd"), {QStringLiteral("-D"), QStringLiteral("-e"), QStringLiteral("-f"), configFile});
        if (!m_sshd->waitForStarted(10000)) {
            m_why = QStringLiteral("sshd did not start: %1").arg(m_sshd->errorString());
            return false;
        }
        QByteArray log;
        const QDeadlineTimer deadline(15000);
        while (!deadline.hasExpired() && m_sshd->state() == QProcess::Running) {
            m_sshd->waitForReadyRead(200);
            log += m_sshd->readAllStandardError();
            if (log.contains("Server listening on"))
                return true;
        }
        m_why = QStringLiteral("sshd did not listen on port %1: %2").arg(m_port).arg(QString::fromLocal8Bit(log));
        stop();
        if (!log.contains("Address already in use"))
            return false;
    }
    return false;
}

void SshdFixture::stop()
{
    if (!m_sshd)
        return;
    cutConnections();
    m_sshd->terminate();
    if (!m_sshd->waitForFinished(10000)) {
        m_sshd->kill();
        m_sshd->waitForFinished(10000);
    }
    m_sshd.reset();
}

void SshdFixture::cutConnections()
{
    if (!m_sshd || m_sshd->processId() <= 0)
        return;
    const qint64 server = m_sshd->processId();
    // The per-connection processes are the listener's children: only those this fixture started.
    const QStringList entries = QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString& entry : entries) {
        bool isPid = false;
        const qint64 pid = entry.toLongLong(&isPid);
        if (!isPid)
            continue;
        QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
        if (!stat.open(QIODevice::ReadOnly))
            continue;
        const QByteArray text = stat.readAll();
        // "pid (comm) state ppid ...": comm may contain spaces, so parse after the last ')'.
        const QList<QByteArray> fields = text.mid(text.lastIndexOf(')') + 2).split(' ');
        if (fields.size() > 1 && fields[1].toLongLong() == server)
            ::kill(pid_t(pid), SIGKILL);
    }
    QThread::msleep(300);
}

QString SshdFixture::hostKeyFingerprint() const
{
    QProcess keygen;
    keygen.start(QStringLiteral("ssh-keygen"), {QStringLiteral("-l"), QStringLiteral("-E"), QStringLiteral("sha256"), QStringLiteral("-f"), m_hostKey + QStringLiteral(".pub")});
    keygen.waitForFinished(30000);
    return QString::fromLatin1(keygen.readAllStandardOutput()).section(QLatin1Char(' '), 1, 1);
}

SshTarget SshdFixture::clientTarget(const QString& knownHostsFile) const
{
    SshTarget target;
    target.host = QStringLiteral("127.0.0.1");
    target.port = m_port;
    target.user = userName();
    target.identityFile = userKey();
    target.useAgent = false;
    target.sshConfigFile = clientConfig();
    target.sshDirectory = clientSshDirectory();
    target.knownHostsFile = knownHostsFile;
    return target;
}
