#include "RecorderInstaller.h"

#include "QuotedCommand.h"
#include "RemoteHostInfo.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <elf.h>

#include <cstring>

namespace {

// The messages' translation context (lupdate reads Q_DECLARE_TR_FUNCTIONS; a free tr() it cannot).
struct Text {
    Q_DECLARE_TR_FUNCTIONS(RecorderInstaller)
};

} // namespace

QString sha256FromSumOutput(const QByteArray& output)
{
    const QString word = QString::fromLatin1(output).section(QLatin1Char(' '), 0, 0).trimmed().toLower();
    return word.size() == 64 ? word : QString();
}

RecorderInstaller::RecorderInstaller(LocalRecorders recorders)
    : m_recorders(std::move(recorders))
{
}

QString RecorderInstaller::architectureOf(const QString& path)
{
    QFile file(path);
    Elf64_Ehdr header{};
    if (!file.open(QIODevice::ReadOnly) || file.read(reinterpret_cast<char*>(&header), sizeof header) != qint64(sizeof header))
        return {};
    if (std::memcmp(header.e_ident, ELFMAG, SELFMAG) != 0 || header.e_ident[EI_CLASS] != ELFCLASS64
        || header.e_ident[EI_DATA] != ELFDATA2LSB)
        return {};
    switch (header.e_machine) { // little-endian, as this machine
    case EM_X86_64: return QStringLiteral("x86_64");
    case EM_AARCH64: return QStringLiteral("arm64");
    default: return {};
    }
}

LocalRecorders RecorderInstaller::fromFile(const QString& path)
{
    const QString architecture = architectureOf(path);
    return architecture.isEmpty() ? LocalRecorders() : LocalRecorders{{architecture, QFileInfo(path).absoluteFilePath()}};
}

LocalRecorders RecorderInstaller::findLocalRecorders()
{
    LocalRecorders recorders;
    const QDir appDir(QCoreApplication::applicationDirPath());
    QStringList directories{appDir.filePath(QStringLiteral("../share/runlens/recorders")),
                            appDir.filePath(QStringLiteral("../recorders"))};
    if (const QString fromEnvironment = qEnvironmentVariable("RUNLENS_RECORDERS"); !fromEnvironment.isEmpty())
        directories.prepend(fromEnvironment);
    for (const QString& directory : std::as_const(directories)) {
        for (const QString& architecture : {QStringLiteral("x86_64"), QStringLiteral("arm64")}) {
            const QString candidate = QDir(directory).filePath(architecture + QStringLiteral("/runlens-rec"));
            if (!recorders.contains(architecture) && QFileInfo(candidate).isExecutable()
                && architectureOf(candidate) == architecture)
                recorders.insert(architecture, QFileInfo(candidate).canonicalFilePath());
        }
    }
    if (const QString single = qEnvironmentVariable("RUNLENS_REC"); !single.isEmpty())
        recorders.insert(fromFile(single));
    return recorders;
}

QString RecorderInstaller::sha256OfFile(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    QCryptographicHash hash(QCryptographicHash::Sha256);
    hash.addData(&file);
    return QString::fromLatin1(hash.result().toHex());
}

RecorderInstallResult RecorderInstaller::install(SshSession& session, const RemoteHostInfo& host, const QString& remoteDirectory,
                                                 const TransferProgress& progress)
{
    const QString localRecorder = m_recorders.value(host.architecture);
    if (localRecorder.isEmpty()) {
        const QStringList known = m_recorders.keys();
        throw SshError(SshError::Kind::Unsupported,
                       Text::tr("%1 is an %2 host, and this installation has no recorder for it (it has: %3). Install "
                                "a Runlens built with both recorders, or set RUNLENS_REC to a runlens-rec built for %2.")
                           .arg(session.target().host, host.machine,
                                known.isEmpty() ? Text::tr("none") : known.join(QStringLiteral(", "))));
    }
    const QString localSum = sha256OfFile(localRecorder);
    if (localSum.isEmpty())
        throw SshError(SshError::Kind::Transfer, Text::tr("The recorder %1 cannot be read. Build runlens-rec, or set RUNLENS_REC "
                                                    "to its path.").arg(localRecorder));

    RecorderInstallResult result;
    result.remotePath = remoteDirectory + QStringLiteral("/runlens-rec");
    const QString remoteSum = sha256FromSumOutput(
        session.run(QuotedCommand().arg(QStringLiteral("sha256sum")).raw(QStringLiteral("--")).arg(result.remotePath).raw(QStringLiteral("2>/dev/null")).toString(), 60).out);
    if (remoteSum != localSum) {
        const QString upload = remoteDirectory + QStringLiteral("/.runlens-rec.upload");
        session.runChecked(QuotedCommand({QStringLiteral("mkdir"), QStringLiteral("-p"), remoteDirectory}).toString(),
                           Text::tr("Creating %1").arg(remoteDirectory));
        session.upload(localRecorder, upload, progress);
        const QString uploadedSum = sha256FromSumOutput(
            session.runChecked(QuotedCommand({QStringLiteral("sha256sum"), QStringLiteral("--"), upload}).toString(),
                               Text::tr("Checking the uploaded recorder")).out);
        if (uploadedSum != localSum) {
            session.run(QuotedCommand({QStringLiteral("rm"), QStringLiteral("-f"), upload}).toString());
            throw SshError(SshError::Kind::Checksum, Text::tr("The recorder uploaded to %1 does not match the local copy "
                                                        "(SHA-256 %2, expected %3); it was removed. Try again.")
                                                         .arg(session.target().host, uploadedSum, localSum));
        }
        session.runChecked(QuotedCommand({QStringLiteral("chmod"), QStringLiteral("755"), upload})
                               .raw(QStringLiteral("&&"))
                               .then(QuotedCommand({QStringLiteral("mv"), QStringLiteral("-f"), upload, result.remotePath}))
                               .toString(),
                           Text::tr("Installing the recorder"));
        result.uploaded = true;
    }
    result.version = QString::fromUtf8(session.runChecked(QuotedCommand({result.remotePath, QStringLiteral("--version")}).toString(),
                                                          Text::tr("Starting the recorder"))
                                           .out.trimmed());
    return result;
}
