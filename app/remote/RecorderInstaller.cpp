#include "RecorderInstaller.h"

#include "QuotedCommand.h"
#include "RemoteHostInfo.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>

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

RecorderInstaller::RecorderInstaller(QString localRecorder, QString localArchitecture)
    : m_localRecorder(std::move(localRecorder))
    , m_localArchitecture(std::move(localArchitecture))
{
}

QString RecorderInstaller::findLocalRecorder()
{
    const QString fromEnvironment = qEnvironmentVariable("RUNLENS_REC");
    if (!fromEnvironment.isEmpty())
        return fromEnvironment;
    const QDir appDir(QCoreApplication::applicationDirPath());
    for (const QString& candidate : {appDir.filePath(QStringLiteral("runlens-rec")),
                                     appDir.filePath(QStringLiteral("../recorder/runlens-rec"))}) {
        if (QFileInfo(candidate).isExecutable())
            return QFileInfo(candidate).canonicalFilePath();
    }
    return {};
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
    if (host.architecture != m_localArchitecture) {
        if (host.architecture == QLatin1String("arm64"))
            throw SshError(SshError::Kind::Unsupported,
                           Text::tr("%1 is an arm64 (%2) host, and no recorder for that architecture is bundled yet. "
                              "Only x86_64 hosts can be recorded for now.").arg(session.target().host, host.machine));
        throw SshError(SshError::Kind::Unsupported, Text::tr("%1 is a %2 host; the bundled recorder is built for %3.")
                                                        .arg(session.target().host, host.machine, m_localArchitecture));
    }
    const QString localSum = sha256OfFile(m_localRecorder);
    if (localSum.isEmpty())
        throw SshError(SshError::Kind::Transfer, Text::tr("The recorder %1 cannot be read. Build runlens-rec, or set RUNLENS_REC "
                                                    "to its path.").arg(m_localRecorder));

    RecorderInstallResult result;
    result.remotePath = remoteDirectory + QStringLiteral("/runlens-rec");
    const QString remoteSum = sha256FromSumOutput(
        session.run(QuotedCommand().arg(QStringLiteral("sha256sum")).raw(QStringLiteral("--")).arg(result.remotePath).raw(QStringLiteral("2>/dev/null")).toString(), 60).out);
    if (remoteSum != localSum) {
        const QString upload = remoteDirectory + QStringLiteral("/.runlens-rec.upload");
        session.runChecked(QuotedCommand({QStringLiteral("mkdir"), QStringLiteral("-p"), remoteDirectory}).toString(),
                           Text::tr("Creating %1").arg(remoteDirectory));
        session.upload(m_localRecorder, upload, progress);
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
